"""The content side of erasure: copies of a forgotten conversation's text."""
