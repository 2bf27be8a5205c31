"""alerts_evaluate: run a bot's rules and move each episode through raised → recovered.

An episode is delivered twice at most: when raised and when recovered. While a rule
keeps firing its episode only records that it was still seen. Evaluated after every
rollup refresh (the sweep's) and by beat, so a bot that went quiet still recovers.
"""

from __future__ import annotations

import logging
from datetime import datetime, timedelta

from django.db import IntegrityError, transaction
from django.utils import timezone

from audits.models import Bot, Team
from content.alerts.rules import Observation, observe
from content.models import AlertDelivery, AlertDestination, AlertEpisode, AlertRule

log = logging.getLogger(__name__)


# Rules that read a rolling window of traffic, and so can be evaluated at a past moment.
WINDOW_KINDS = (AlertRule.Kind.METRIC_BELOW, AlertRule.Kind.INSUFFICIENT_UP)


def alerts_evaluate(
    *, bot: Bot, now: datetime | None = None, kinds: tuple[str, ...] | None = None
) -> list[AlertDelivery]:
    """Evaluate every rule watching ``bot`` (or those of ``kinds``); return the
    deliveries to send."""
    now = now or timezone.now()
    deliveries: list[AlertDelivery] = []
    rules = AlertRule.objects.for_bot(bot).prefetch_related("destinations")
    if kinds is not None:
        rules = rules.filter(kind__in=kinds)
    for rule in rules:
        for observation in observe(rule, bot, now):
            deliveries += _episode_update(rule, bot, observation, now)
    return deliveries


def alert_history_replay(*, bot: Bot, start: datetime, end: datetime, step: timedelta) -> int:
    """Fill an empty alert history: the window rules evaluated at past moments, as they
    would have fired and recovered. Nothing is delivered (it is history, not news), and
    episodes raised since (by the sweep, as news) are left as they are. Returns the
    episodes written; a bot whose window rules raised anything in the span already is
    left alone."""
    replayed = AlertEpisode.objects.filter(bot=bot, rule__kind__in=WINDOW_KINDS, raised_at__lte=end)
    if replayed.exists():
        return 0
    rules = list(AlertRule.objects.for_bot(bot).filter(kind__in=WINDOW_KINDS))
    firing: dict[tuple[int, str], AlertEpisode] = {}
    episodes: list[AlertEpisode] = []
    moment = start
    while moment <= end:
        for rule in rules:
            for seen in observe(rule, bot, moment):
                _replay_step(rule, bot, seen, moment, firing, episodes)
        moment += step
    now_firing = set(AlertEpisode.objects.firing().filter(bot=bot).values_list("rule_id", "key"))
    # One episode fires at a time: one still open at the end of the span is closed there
    # when the sweep has raised its successor since.
    for episode in firing.values():
        if (episode.rule_id, episode.key) in now_firing:
            episode.state, episode.recovered_at = AlertEpisode.State.RECOVERED, end
    AlertEpisode.objects.bulk_create(episodes)
    return len(episodes)


def _replay_step(rule, bot, seen: Observation, moment, firing: dict, episodes: list) -> None:
    key = (rule.pk, seen.key)
    episode = firing.get(key)
    if seen.firing is None:
        return
    if episode is not None:
        if seen.firing:
            episode.last_seen_at, episode.value = moment, seen.value
        else:
            episode.state, episode.recovered_at, episode.value = (
                AlertEpisode.State.RECOVERED,
                moment,
                seen.value,
            )
            del firing[key]
        return
    if seen.firing:
        firing[key] = AlertEpisode(
            rule=rule,
            bot=bot,
            key=seen.key,
            value=seen.value,
            message=seen.message[:300],
            evidence_url=seen.evidence_url[:300],
            raised_at=moment,
            last_seen_at=moment,
        )
        episodes.append(firing[key])


def _episode_update(rule, bot, observation: Observation, now) -> list[AlertDelivery]:
    open_episode = AlertEpisode.objects.firing().filter(rule=rule, bot=bot, key=observation.key)
    episode = open_episode.first()
    if observation.firing is None:
        return []
    if episode is not None:
        if observation.firing:
            open_episode.update(last_seen_at=now, value=observation.value)
            return []
        return _recover(episode, observation, now)
    if not observation.firing:
        if rule.kind == AlertRule.Kind.GATE and not _told(rule, bot, observation.key):
            return _one_shot(rule, bot, observation, now)
        return []
    return _raise(rule, bot, observation, now)


def _told(rule, bot, key: str) -> bool:
    return AlertEpisode.objects.filter(rule=rule, bot=bot, key=key).exists()


def _raise(rule, bot, observation: Observation, now) -> list[AlertDelivery]:
    if rule.kind == AlertRule.Kind.NEW_ITEM and _told(rule, bot, observation.key):
        return []  # an item is news once, even if it is reopened
    try:
        with transaction.atomic():
            episode = AlertEpisode.objects.create(
                rule=rule,
                bot=bot,
                key=observation.key,
                value=observation.value,
                message=observation.message[:300],
                evidence_url=observation.evidence_url[:300],
                raised_at=now,
                last_seen_at=now,
            )
    except IntegrityError:
        return []  # another evaluation raised it a moment ago
    return _deliveries(episode, AlertDelivery.Event.RAISED)


def _recover(episode: AlertEpisode, observation: Observation, now) -> list[AlertDelivery]:
    claimed = AlertEpisode.objects.filter(pk=episode.pk, state=AlertEpisode.State.FIRING).update(
        state=AlertEpisode.State.RECOVERED, recovered_at=now, value=observation.value
    )
    if not claimed:
        return []
    episode.refresh_from_db()
    return _deliveries(episode, AlertDelivery.Event.RECOVERED)


def _one_shot(rule, bot, observation: Observation, now) -> list[AlertDelivery]:
    """A decision (the gate's) is told once: raised and closed at the same moment."""
    episode = AlertEpisode.objects.create(
        rule=rule,
        bot=bot,
        key=observation.key,
        value=observation.value,
        message=observation.message[:300],
        evidence_url=observation.evidence_url[:300],
        state=AlertEpisode.State.RECOVERED,
        raised_at=now,
        last_seen_at=now,
        recovered_at=now,
    )
    return _deliveries(episode, AlertDelivery.Event.RAISED)


def _deliveries(episode: AlertEpisode, event: str) -> list[AlertDelivery]:
    created = []
    for destination in episode.rule.destinations.filter(enabled=True):
        delivery, new = AlertDelivery.objects.get_or_create(
            episode=episode, destination=destination, event=event
        )
        if new:
            created.append(delivery)
    return created


def alert_defaults_ensure(*, team: Team) -> bool:
    """A team's first bot gets the default rules, told to the team's editors by email."""
    if team is None or AlertRule.objects.filter(team=team).exists():
        return False
    with transaction.atomic():
        email = AlertDestination.objects.create(
            team=team, kind=AlertDestination.Kind.EMAIL, name="Team editors"
        )
        rules = [
            AlertRule(team=team, kind=AlertRule.Kind.METRIC_BELOW, metric="groundedness"),
            AlertRule(team=team, kind=AlertRule.Kind.INSUFFICIENT_UP, points=10, min_sample=50),
            AlertRule(team=team, kind=AlertRule.Kind.NEW_ITEM, min_priority=50),
            AlertRule(team=team, kind=AlertRule.Kind.SWEEP_FAILURES, min_sample=10),
            AlertRule(team=team, kind=AlertRule.Kind.BUDGET),
            AlertRule(team=team, kind=AlertRule.Kind.GATE),
        ]
        for rule in rules:
            rule.save()
            rule.destinations.add(email)
    return True
