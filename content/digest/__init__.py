"""The weekly digest: subscriptions, one bot's week, sending, and its pages."""
