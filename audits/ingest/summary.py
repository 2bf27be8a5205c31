from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class Rejection:
    line: int
    reason: str
    external_id: str = ""
    # A known id with other content: not stored, but the line was valid.
    conflict: bool = False

    def __str__(self) -> str:
        return f"line {self.line}: {self.reason}"


@dataclass
class ImportSummary:
    imported: int = 0
    duplicates: int = 0
    feedback_updated: int = 0
    escalations_updated: int = 0
    rejected: int = 0
    conflicts: int = 0
    # Kept for the API's per-record errors; the CLI streams rejections as they happen.
    rejections: list[Rejection] = field(default_factory=list)
    bots_created: list[str] = field(default_factory=list)
    # Bots the import wrote to that have no team: nobody but an admin sees them.
    bots_without_team: list[str] = field(default_factory=list)

    def line(self) -> str:
        escalations = (
            f", escalations updated {self.escalations_updated}" if self.escalations_updated else ""
        )
        return (
            f"imported {self.imported}, duplicates {self.duplicates}, "
            f"feedback updated {self.feedback_updated}{escalations}, rejected {self.rejected}, "
            f"conflicts {self.conflicts}"
        )

    def add(self, other: ImportSummary) -> None:
        self.imported += other.imported
        self.duplicates += other.duplicates
        self.feedback_updated += other.feedback_updated
        self.escalations_updated += other.escalations_updated
        self.conflicts += other.conflicts
