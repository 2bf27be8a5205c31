"""Text tools shared by several features (the judges, the knowledge-base scan, evidence,
question grouping): nothing here imports a judge or a feature."""
