"""Offline runs: a candidate pipeline's replay compared with its baseline, bootstrap intervals, the upgrade gate and the runs' pages."""
