"""Alerts (SPEC §9): rules on a bot's recent traffic, raised once per episode and
delivered by email, Slack-compatible webhook or signed JSON webhook."""
