"""Saying "I don't know": whether a bot declined, why it could not know, and quotations that are not in the sources."""
