"""Where knowledge bases come from besides kbaudit's article JSONL: docs folders and
help-centre exports, each read into the same article records ``article_import`` stores."""
