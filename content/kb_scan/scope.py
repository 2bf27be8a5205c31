"""What an article is specifically about, read from its title next to a sibling's.

Help centres are full of sibling pages: "Returns policy" and "Holiday returns",
"Setting up the Kuno Q0" and "Setting up the Milo T7". Siblings share a title word; the
words only one of them has ("holiday", "kuno q0") scope every statement of that page,
as a condition would. Two pages that each have their own scope are about different
things: templated pages for two products are not duplicates, and their values do not
contradict each other.
"""

from __future__ import annotations

from kbaudit.text.tokens import stem, word_list

from .passages import ArticleText, Passage

# Words common to most help-centre sentences: sharing only these is sharing no subject.
GENERIC = frozenset(
    stem(word)
    for word in word_list("""
    item items product products order orders buy bought purchase ship shipped send sent
    deliver delivered delivery receive received get got make made place placed customer
    customers thing use used case time also only can will within least up after before
    """)
)
# Words of a title that name the kind of page, not what it is about.
DOC_WORDS = frozenset(
    stem(word)
    for word in word_list("""
    policy policies faq faqs question questions answer answers answered guide guides
    overview help information info article page tips tip basics introduction everything
    know option options details detail explained common frequently asked quick
    """)
)


def title_scopes(a: ArticleText, b: ArticleText) -> tuple[frozenset[str], frozenset[str]]:
    """Each sibling's own title words; nothing for articles whose titles share no word
    (their statements compete directly)."""
    return scopes_of(a.title_stems, b.title_stems)


def scopes_of(
    title_a: frozenset[str], title_b: frozenset[str]
) -> tuple[frozenset[str], frozenset[str]]:
    title_a, title_b = title_a - DOC_WORDS, title_b - DOC_WORDS
    if not title_a & title_b:
        return frozenset(), frozenset()
    return title_a - title_b - GENERIC, title_b - title_a - GENERIC


def different_subjects(a: ArticleText, b: ArticleText) -> bool:
    """Siblings that each have a scope of their own: pages about two different things."""
    return titles_differ(a.title_stems, b.title_stems)


def titles_differ(title_a: frozenset[str], title_b: frozenset[str]) -> bool:
    scope_a, scope_b = scopes_of(title_a, title_b)
    return bool(scope_a) and bool(scope_b)


def out_of_scope(scope: frozenset[str], other: Passage) -> bool:
    """The other sentence says nothing of what this article is specifically about."""
    return bool(scope) and scope.isdisjoint(other.words + other.values + other.name_words)
