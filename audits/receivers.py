"""How audits reacts to its own signals."""

from __future__ import annotations

from django.db import transaction
from django.dispatch import receiver

from audits.signals import interactions_imported
from audits.tasks import sweep_after_import as queue_sweep


@receiver(interactions_imported)
def sweep_after_import(sender, **kwargs) -> None:
    """Imported interactions are graded soon after the import commits, not only at the
    next scheduled sweep."""
    transaction.on_commit(queue_sweep)
