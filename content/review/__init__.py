"""Review items: the flags that raise them, what people do to them, their evidence, rewrite suggestions and the worklist export."""
