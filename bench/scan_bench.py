"""Knowledge-base scan benchmark: a generated help centre of N articles with planted
near-duplicates and contradictions, imported with import_articles, then a full scan,
100 edits (new versions) and an incremental scan, each timed in a child process.

python bench/run.py scan              # 20,000 articles
python bench/run.py scan --n 2000
"""

from __future__ import annotations

import json
import random
import time
from dataclasses import dataclass, field
from pathlib import Path

from bench.common import OUT, bench_database_url, django_for, manage, recreate_database


def _words(text: str) -> list[str]:
    """Whitespace-separated words: keeps long vocabularies readable as prose blocks."""
    return text.split()


SYLLABLES = _words(
    "ka lo mi ne ra tu vo zi be da fe go hu ji ku la me no pi ro su ta vi wo xa yu ze"
)
CATEGORIES = _words(
    "laptop headphones phone tablet kettle television router camera printer vacuum fridge "
    "dishwasher monitor speaker smartwatch console projector blender toaster heater fan "
    "drone scooter keyboard mouse charger microwave oven freezer dryer"
)
PARTS = _words(
    "battery cable screen button lid filter hinge port adapter case strap motor lens fan"
)
MENUS = _words("Settings Support Devices Account Orders Help Updates Network Display Sound")
INTROS = (
    "Everything about {kind} for your {category}, the {name}.",
    "Got a {name}? Read this before you contact us about {kind}.",
    "This {category} page covers {kind} for the {name} and its accessories.",
    "Owners of the {name} often ask us about {kind}; here are the answers.",
)
KINDS = (
    ("setup", "Setting up"),
    ("troubleshooting", "Troubleshooting"),
    ("warranty", "Warranty for"),
    ("returns", "Returning"),
    ("faq", "Questions about"),
    ("care", "Cleaning and care for"),
    ("updates", "Software updates for"),
    ("accessories", "Accessories for"),
    ("compatibility", "What works with"),
    ("specs", "Specifications of"),
)


def _pseudo_word(rng: random.Random, syllables: int) -> str:
    return "".join(rng.choice(SYLLABLES) for _ in range(syllables))


@dataclass
class Product:
    name: str
    category: str
    parts: list[str]
    features: list[str]
    menu: str
    charge_hours: int
    return_days: int
    warranty_years: int
    price: int


@dataclass
class SyntheticKb:
    articles: list[dict] = field(default_factory=list)
    duplicates: list[tuple[str, str]] = field(default_factory=list)
    conflicts: list[tuple[str, str]] = field(default_factory=list)
    conditional: list[tuple[str, str]] = field(default_factory=list)
    products: dict[str, Product] = field(default_factory=dict)


def _products(rng: random.Random, count: int) -> list[Product]:
    brands = [_pseudo_word(rng, 2).capitalize() for _ in range(40)]
    details = [_pseudo_word(rng, 3) for _ in range(4000)]
    policy = {c: (rng.choice([14, 30, 60]), rng.choice([1, 2, 3])) for c in CATEGORIES}
    made = []
    for index in range(count):
        category = CATEGORIES[index % len(CATEGORIES)]
        name = f"{rng.choice(brands)} {rng.choice('XZQRSTV')}{index}"
        made.append(
            Product(
                name=name,
                category=category,
                parts=rng.sample(PARTS, 4),
                features=rng.sample(details, 6),
                menu=rng.choice(MENUS),
                charge_hours=rng.choice([2, 3, 4, 6, 8]),
                return_days=policy[category][0],
                warranty_years=policy[category][1],
                price=rng.choice([19, 29, 49, 79, 99, 149]),
            )
        )
    return made


def _sections(p: Product, kind: str, rng: random.Random) -> list[tuple[str, list[str]]]:
    a, b, c, d = p.parts
    f = p.features
    common = [
        (
            "Before you start",
            [f"Make sure the {p.name} {a} is connected and the {b} is in place."],
        )
    ]
    by_kind = {
        "setup": [
            (
                "First use",
                [
                    f"Charge the {p.name} for {p.charge_hours} hours before first use.",
                    f"Open {p.menu} and choose {f[2].capitalize()} to pair the {p.category}.",
                    f"The {c} light blinks while the {p.category} looks for the {f[3]} hub.",
                ],
            ),
            (
                "Connecting",
                [
                    f"Hold the {d} button for 5 seconds to reset the {f[4]} connection.",
                    f"If the {p.category} does not appear, move it closer to the {f[5]} station.",
                ],
            ),
        ],
        "troubleshooting": [
            (
                f"The {a} does not respond",
                [
                    f"Restart the {p.name} and check that the {a} cable sits firmly in the {c}.",
                    f"Update the {f[0]} firmware from {p.menu} if the {a} still fails.",
                ],
            ),
            (
                "Battery problems",
                [
                    f"A full charge of the {p.name} takes {p.charge_hours} hours.",
                    f"Replace the {b} when the {f[3]} indicator turns red.",
                ],
            ),
        ],
        "warranty": [
            (
                "What the warranty covers",
                [
                    f"The {p.name} has a {p.warranty_years}-year warranty against {f[1]} faults.",
                    f"Damage to the {b} from drops or liquid is not covered.",
                ],
            ),
            (
                "Making a claim",
                [
                    f"Open {p.menu}, choose Support and describe the fault with the {c}.",
                    f"We repair or replace the {p.category} within 10 business days.",
                ],
            ),
        ],
        "returns": [
            (
                "How long you have",
                [
                    f"You can return the {p.name} within {p.return_days} days of delivery.",
                    f"If the {p.category} arrived damaged, you have 60 days to send it back.",
                    f"Pack the {a}, the {b} and the {f[2]} guide with the {p.category}.",
                ],
            ),
            (
                "Refunds",
                [
                    f"We refund the {p.name} to your original payment method.",
                    f"Return shipping for a {p.category} costs €{p.price // 10 + 3}.",
                ],
            ),
        ],
        "faq": [
            (
                "Can I return it?",
                [f"Yes, the {p.name} can be returned within {p.return_days} days of delivery."],
            ),
            (
                "How long does charging take?",
                [f"Charging the {p.name} takes {p.charge_hours} hours from empty."],
            ),
            (
                "Is there a warranty?",
                [f"Every {p.name} comes with a {p.warranty_years}-year warranty."],
            ),
        ],
        "care": [
            (
                "Cleaning",
                [
                    f"Wipe the {a} and the {c} with a dry {f[4]} cloth.",
                    f"Never put the {p.name} {b} under running water.",
                ],
            )
        ],
        "updates": [
            (
                "Installing updates",
                [
                    f"Open {p.menu} and choose {f[5].capitalize()} to check for updates.",
                    f"Keep the {p.category} charged above 50% while the {f[0]} update installs.",
                ],
            )
        ],
        "accessories": [
            (
                "Spare parts",
                [
                    f"A spare {a} for the {p.name} costs €{p.price}.",
                    f"The {f[1]} {d} fits every {p.category} of the {p.name.split()[0]} range.",
                ],
            )
        ],
        "compatibility": [
            (
                "Works with",
                [
                    f"The {p.name} works with {f[2].capitalize()} and {f[3].capitalize()} hubs.",
                    f"Older {f[4]} adapters need the {c} converter.",
                ],
            )
        ],
        "specs": [
            (
                "In the box",
                [
                    f"The {p.name} ships with a {a}, a {b} and a {f[5]} adapter.",
                    f"The {p.category} weighs {rng.choice([1, 2, 3])}.{rng.randrange(10)} kg.",
                ],
            )
        ],
    }
    own = (common if kind in ("setup", "troubleshooting") else []) + by_kind[kind]
    return [*own, ("Good to know", _details(p, rng))]


# Everyday help-centre prose, loosely: each sentence names its product and mixes
# common words with rarer ones, so unrelated sentences share a few words, as in a real
# knowledge base, without saying the same thing.
COMMON = _words(
    "check setting screen open menu device light power cable app account update mode "
    "button tap hold press restart connect turn start stop show change select reset "
    "charge clean store keep use remove insert replace wait try save sync pair enable "
    "disable slow fast warm cold bright dark loud quiet small large new old main extra "
    "front back side top bottom left right first last next every often never always"
)
RARE = [_pseudo_word(random.Random(index), 3) for index in range(3000)]


def _details(p: Product, rng: random.Random) -> list[str]:
    sentences = []
    for _ in range(rng.randint(7, 11)):
        words = [*rng.sample(COMMON, 4), *rng.sample(RARE, 3)]
        rng.shuffle(words)
        sentence = f"The {p.name} " + " ".join(words)
        if rng.random() < 0.3:
            sentence += f" for about {rng.randint(2, 9)} minutes"
        sentences.append(sentence + ".")
    return sentences


def _body(sections: list[tuple[str, list[str]]], intro: str) -> str:
    parts = [intro]
    for heading, sentences in sections:
        parts.append(f"## {heading}\n\n" + " ".join(sentences))
    return "\n\n".join(parts)


def _paraphrase(sentence: str, rng: random.Random) -> str:
    swaps = (("You can", "Customers can"), ("Open", "Go to"), ("choose", "select"))
    for old, new in swaps:
        if old in sentence and rng.random() < 0.7:
            sentence = sentence.replace(old, new, 1)
    return sentence


def synthetic_kb(n: int, *, seed: int = 11) -> SyntheticKb:
    """About ``n`` articles: ten per product, plus planted duplicates (2%), planted
    contradictions (1%) and conditional pairs that must not be flagged."""
    rng = random.Random(seed)
    kb = SyntheticKb()
    planted = max(4, n // 50), max(2, n // 100)
    products = _products(rng, max(1, (n - sum(planted)) // len(KINDS)))
    for product in products:
        kb.products[product.name] = product
        for kind, label in KINDS:
            sections = _sections(product, kind, rng)
            kb.articles.append(_record(product, kind, f"{label} {product.name}", sections, rng))
    by_id = {article["id"]: article for article in kb.articles}
    _plant_duplicates(kb, rng, planted[0])
    _plant_conflicts(kb, rng, planted[1], by_id)
    return kb


def _record(product: Product, kind: str, title: str, sections, rng) -> dict:
    slug = product.name.lower().replace(" ", "-")
    intro = rng.choice(INTROS).format(name=product.name, category=product.category, kind=kind)
    return {
        "id": f"kb-{slug}-{kind}",
        "title": title,
        "url": f"https://help.example.com/{slug}/{kind}",
        "body": _body(sections, intro),
        "updated_at": f"2026-0{rng.randrange(1, 10)}-1{rng.randrange(10)}T10:00:00Z",
        "_sections": sections,
    }


def _plant_duplicates(kb: SyntheticKb, rng: random.Random, count: int) -> None:
    # A duplicate restates at least three sentences (the scan's definition) of a page
    # written for its product; the warranty and FAQ templates repeat the same sentences
    # across hundreds of products, which the scan reads as boilerplate.
    sources = rng.sample(
        [a for a in kb.articles if a["id"].rsplit("-", 1)[1] in ("setup", "troubleshooting")],
        count,
    )
    for index, source in enumerate(sources):
        copied = [
            (heading, [_paraphrase(s, rng) for s in sentences])
            for heading, sentences in source["_sections"]
        ]
        if index % 2:  # half restate two sections inside a page of their own
            copied = [*copied[-2:], ("Need more help?", ["Contact the help desk from the app."])]
        copy = dict(source, id=f"{source['id']}-copy{index}", title=f"Guide: {source['title']}")
        copy["body"] = _body(copied, f"A quick guide, number {index}.")
        kb.articles.append(copy)
        kb.duplicates.append((source["id"], copy["id"]))


def _plant_conflicts(kb: SyntheticKb, rng: random.Random, count: int, by_id: dict) -> None:
    names = rng.sample(sorted(kb.products), count)
    for name in names:
        product = kb.products[name]
        slug = name.lower().replace(" ", "-")
        faq = by_id[f"kb-{slug}-faq"]
        other = 45 if product.return_days != 45 else 90
        faq["body"] = faq["body"].replace(
            f"returned within {product.return_days} days", f"returned within {other} days"
        )
        kb.conflicts.append((f"kb-{slug}-returns", faq["id"]))
        # The returns page's 60 days for damaged items is a condition, not a conflict.
        kb.conditional.append((f"kb-{slug}-returns", f"kb-{slug}-warranty"))


def write_articles(kb: SyntheticKb, path: Path) -> None:
    with path.open("w") as out:
        for article in kb.articles:
            out.write(json.dumps({k: v for k, v in article.items() if k != "_sections"}) + "\n")


def edits(kb: SyntheticKb, count: int, *, seed: int = 12) -> list[dict]:
    """New versions of ``count`` articles; the first fifth fix a planted contradiction."""
    rng = random.Random(seed)
    by_id = {article["id"]: article for article in kb.articles}
    changed = []
    for returns_id, faq_id in kb.conflicts[: count // 5]:
        product = kb.products[by_id[returns_id]["title"].split(" ", 1)[1]]
        faq = dict(by_id[faq_id])
        faq["body"] = (
            faq["body"]
            .replace("returned within 45 days", f"returned within {product.return_days} days")
            .replace("returned within 90 days", f"returned within {product.return_days} days")
        )
        changed.append(faq)
    for article in rng.sample(kb.articles, count - len(changed)):
        edited = dict(article)
        edited["body"] += f"\n\n## Changes\n\nUpdated on day {rng.randrange(1000)} of the year."
        changed.append(edited)
    for article in changed:
        article["updated_at"] = "2026-11-20T10:00:00Z"
    return changed


def run(n: int = 20_000) -> dict:
    OUT.mkdir(parents=True, exist_ok=True)
    kb = synthetic_kb(n)
    articles = OUT / f"kb-articles-{n}.jsonl"
    write_articles(kb, articles)
    url = bench_database_url("kbaudit_scan_bench")
    recreate_database(url)
    manage(url, "migrate", "-v0")
    import_seconds, _, _ = manage(url, "import_articles", str(articles), "--no-progress")
    print(f"  imported {len(kb.articles)} articles in {import_seconds:.1f}s")
    full_seconds, full_mb, out = manage(url, "kb_scan", "--full", "--offline")
    print(f"  full scan {full_seconds:.1f}s, peak {full_mb} MB: {out.strip()}")
    with django_for(url):
        full = _scan_figures(kb)
    edited = OUT / f"kb-edits-{n}.jsonl"
    write_articles(SyntheticKb(articles=edits(kb, 100)), edited)
    manage(url, "import_articles", str(edited), "--no-progress")
    incremental_seconds, incremental_mb, out = manage(url, "kb_scan", "--offline")
    print(f"  incremental scan {incremental_seconds:.1f}s, peak {incremental_mb} MB: {out.strip()}")
    incremental = _scan_figures(kb)
    result = {
        "n": len(kb.articles),
        "import_seconds": round(import_seconds, 1),
        "full_scan_seconds": round(full_seconds, 1),
        "full_scan_peak_mb": full_mb,
        "incremental_scan_seconds": round(incremental_seconds, 1),
        "incremental_scan_peak_mb": incremental_mb,
        "full": full,
        "incremental": incremental,
    }
    print(json.dumps(result, indent=2))
    return result


def _scan_figures(kb: SyntheticKb) -> dict:
    # Imported as the section runs: bench.common configures Django (settings, database) first.
    from content.models import ArticleFinding, KbScanRun

    run = KbScanRun.objects.order_by("-started_at", "-pk").first()
    active = {
        (f.kind, f.article_a.external_id, f.article_b.external_id)
        for f in ArticleFinding.objects.active().select_related("article_a", "article_b")
    }

    def found(kind: str, pairs) -> int:
        return sum(1 for a, b in pairs if (kind, a, b) in active or (kind, b, a) in active)

    planted_dup = found("duplicate", kb.duplicates)
    planted_con = found("contradiction", kb.conflicts)
    return {
        "comparisons": run.comparisons,
        "candidates": run.candidates,
        "all_pairs": len(kb.articles) * (len(kb.articles) - 1) // 2,
        "found": run.found,
        "resolved": run.resolved,
        "stats": run.stats,
        "active_duplicates": sum(1 for k, _, _ in active if k == "duplicate"),
        "active_contradictions": sum(1 for k, _, _ in active if k == "contradiction"),
        "planted_duplicates_found": f"{planted_dup}/{len(kb.duplicates)}",
        "planted_contradictions_active": f"{planted_con}/{len(kb.conflicts)}",
        "conditional_pairs_flagged": found("contradiction", kb.conditional),
    }


if __name__ == "__main__":
    started = time.perf_counter()
    run()
    print(f"done in {time.perf_counter() - started:.0f}s")
