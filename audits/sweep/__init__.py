"""The sweep: claimed batches of idle conversations, the grading rules around the judge, the judge calls, and the sweep's status."""
