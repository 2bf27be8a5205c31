"""Offline evaluation runs: the list with each run's latest gate decision, and one run
compared with its baseline (SPEC §8)."""

from __future__ import annotations

from datetime import date, timedelta

from django.http import Http404
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from audits.models import Bot
from audits.offline_runs.baselines import PRODUCTION, BaselineError, baseline_for
from audits.offline_runs.charts import comparison_distributions
from audits.offline_runs.comparison import run_bots, run_comparison
from audits.offline_runs.gate import GateCriteria, gate_evaluate, run_rows, runs_visible_to


@require_GET
def run_list(request):
    return render(request, "audits/run_list.html", {"rows": run_rows(user=request.user)})


@require_GET
def run_detail(request, name: str):
    runs = runs_visible_to(request.user)
    run = get_object_or_404(runs, name=name)
    visible = Bot.objects.visible_to(request.user)
    bots = run_bots(run, list(visible.values_list("pk", flat=True)))
    chosen = [bot for bot in bots if bot.slug == request.GET.get("bot")] or bots
    bot_ids = [bot.pk for bot in chosen]
    baseline_name = request.GET.get("baseline") or PRODUCTION
    if baseline_name != PRODUCTION and not runs.filter(name=baseline_name).exists():
        raise Http404("no such run")
    error = ""
    since, until = _day(request.GET.get("since")), _day(request.GET.get("until"))
    try:
        baseline = baseline_for(
            run=run, bot_ids=bot_ids, baseline=baseline_name, since=since, until=until
        )
    except BaselineError as exc:
        error = str(exc)
        baseline = baseline_for(run=run, bot_ids=bot_ids, baseline=baseline_name)
    comparison = run_comparison(run=run, baseline=baseline, bot_ids=bot_ids)
    context = {
        "run": run,
        "bots": bots,
        "bot": chosen[0] if len(chosen) == 1 and len(bots) > 1 else None,
        "baseline_name": baseline_name,
        # The window compared, chosen or by default, fills the form.
        "since": baseline.since.date() if baseline.since else None,
        "until": (baseline.until - timedelta(days=1)).date() if baseline.until else None,
        "error": error,
        "other_runs": runs.exclude(pk=run.pk).values_list("name", flat=True),
        "comparison": comparison,
        "result": gate_evaluate(comparison=comparison, criteria=GateCriteria()),
        "chart": comparison_distributions(comparison) if comparison.pairs else "",
        "reports": run.gate_reports.all()[:20],
    }
    return render(request, "audits/run_detail.html", context)


def _day(text: str | None) -> date | None:
    try:
        return date.fromisoformat(text) if text else None
    except ValueError:
        return None
