"""Escalations (SPEC §5): how often customers were handed to a person after an article
was credited, and what the agents then told them that the knowledge base does not say."""
