"""Attribution (SPEC §5): which retrieved article earned which part of an interaction.

After grading, :func:`attribution_update` reads the judge's matrices and writes one
:class:`~content.models.SourceCredit` per retrieved article and one
:class:`~content.models.InteractionAttribution` per interaction; the rollups read them
in SQL. See the README's "Attribution" section for the rule.
"""

from __future__ import annotations

from .services import attribute_one, attribution_update

__all__ = ["attribute_one", "attribution_update"]
