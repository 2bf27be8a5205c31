"""Calibration: the configured judge's grades against human labels."""
