"""docs/rules.md, the project's rule book, against every rule id the repository cites.

Code comments, tests, error messages, command-line help and docs cite rules by id
(TG-7, FF-3, UN-9, SQ-11; see docs/rules.md). A clone of the repository must be able
to look each one up, so:

* every rule heading of docs/rules.md (``### <ID>: <title>``) is well formed and its
  id unique;
* every id cited in the code, docs, examples and test data is defined there (the failure names
  the file and line of each undefined citation);
* every id of the original digest ``/work/shared/RULES.md`` is defined there, with
  its decisions marked, when that file exists (it does not in a plain clone);
* the Sequence grid printed under SQ-1 is the engine's board, and the page's
  relative links lead to files that exist.

The checker functions are tested on small planted texts (and fuzzed) so that the
repository-wide checks cannot pass by finding nothing.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playable.solver.sequence.board import BOARD_TEXT

ROOT = Path(__file__).resolve().parent.parent
RULES_DOC = ROOT / "docs" / "rules.md"
SHARED_RULES = Path("/work/shared/RULES.md")

#: What a citation looks like anywhere: a game prefix, a number, an optional letter.
CITATION = re.compile(r"\b(?:TG|FF|UN|SQ)-[0-9]+[a-z]?\b")
#: A well-formed rule id: no leading zero, optional lower-case letter suffix.
RULE_ID = re.compile(r"(?:TG|FF|UN|SQ)-[1-9][0-9]*[a-z]?")
#: A rule heading of docs/rules.md: ``### TG-7: End of the game``.
RULE_HEADING = re.compile(rf"### ({RULE_ID.pattern}): \S.*")
#: A rule of the original digest: a bullet that opens with the bold id.
SHARED_RULE = re.compile(r"^- \*\*((?:TG|FF|UN|SQ)-[0-9]+[a-z]?)\b", re.MULTILINE)

#: Where citations are looked for: these folders (recursively) and files. ``.txt``
#: covers the example and regression files, whose comments cite rules too.
SCANNED_DIRS = (
    "solver",
    "puzzles",
    "cli",
    "web",
    "playable",
    "docs",
    "tests",
    "benchmarks",
    "examples",
)
SCANNED_FILES = ("README.md",)
SCANNED_SUFFIXES = frozenset({".py", ".md", ".js", ".html", ".json", ".txt"})


@dataclass(frozen=True)
class Rule:
    """One rule heading of docs/rules.md: its id, 1-based line and body text."""

    id: str
    line: int
    body: str


@dataclass(frozen=True)
class Citation:
    """One rule id cited in a file, at a 1-based line."""

    path: str
    line: int
    id: str

    def __str__(self) -> str:
        return f"{self.path}:{self.line}: {self.id}"


def parse_rules(text: str) -> tuple[list[Rule], list[str]]:
    """The rules defined by a rules page and its malformed level-3 headings.

    Every ``### `` heading of the page is a rule heading, so one that does not read
    ``### <ID>: <title>`` is reported as ``"line N: <heading>"``. A rule's body runs
    to the next heading of level 3 or less.
    """
    lines = text.splitlines()
    starts: list[tuple[int, str]] = []
    malformed: list[str] = []
    for number, line in enumerate(lines, 1):
        if line.startswith("### "):
            match = RULE_HEADING.fullmatch(line.rstrip())
            if match is None:
                malformed.append(f"line {number}: {line}")
            else:
                starts.append((number, match.group(1)))
    rules = []
    for number, rule_id in starts:
        end = number
        while end < len(lines) and not re.match(r"#{1,3} ", lines[end]):
            end += 1
        rules.append(Rule(rule_id, number, "\n".join(lines[number:end])))
    return rules, malformed


def find_citations(path: str, text: str) -> Iterator[Citation]:
    """Every rule id cited in ``text``, with its line."""
    for number, line in enumerate(text.splitlines(), 1):
        for match in CITATION.finditer(line):
            yield Citation(path, number, match.group())


def undefined_citations(files: Iterable[tuple[str, str]], defined: set[str]) -> list[Citation]:
    """The citations of ``(path, text)`` pairs whose id is not in ``defined``."""
    return [
        citation
        for path, text in files
        for citation in find_citations(path, text)
        if citation.id not in defined
    ]


def scanned_files() -> Iterator[Path]:
    """The code, docs and data files whose rule citations must resolve.

    Hidden folders (``.venv`` and the like) and ``__pycache__`` are left out.
    """
    for name in SCANNED_DIRS:
        for path in sorted((ROOT / name).rglob("*")):
            relative = path.relative_to(ROOT).parts
            if any(part.startswith(".") or part == "__pycache__" for part in relative):
                continue
            if path.suffix in SCANNED_SUFFIXES and path.is_file():
                yield path
    for name in SCANNED_FILES:
        yield ROOT / name


def repository_texts() -> list[tuple[str, str]]:
    """``(path relative to the repository, text)`` of every scanned file."""
    return [
        (path.relative_to(ROOT).as_posix(), path.read_text(encoding="utf-8"))
        for path in scanned_files()
    ]


def doc_rules() -> list[Rule]:
    rules, _ = parse_rules(RULES_DOC.read_text(encoding="utf-8"))
    return rules


# ------------------------------------------------------------ the checkers themselves


# Ids docs/rules.md does not define are split in two in this file, so that the
# repository scan below does not read the file as citing them.
UNDEFINED_A, UNDEFINED_B = "UN" + "-42", "TG" + "-7b"
PLANTED = "\n".join(
    [
        "# first line cites TG-7 and FF-3",
        "nothing here",
        f"x = 1  # {UNDEFINED_A} is not a rule, nor is {UNDEFINED_B}",
        "SQ-11, SQ-1..SQ-10; XTG-7 and TG-7x9 are not citations",
    ]
)


def test_the_checker_reports_planted_undefined_ids_with_file_and_line() -> None:
    defined = {"TG-7", "FF-3", "SQ-1", "SQ-10", "SQ-11"}
    found = undefined_citations([("planted.py", PLANTED)], defined)
    assert [str(c) for c in found] == [
        f"planted.py:3: {UNDEFINED_A}",
        f"planted.py:3: {UNDEFINED_B}",
    ]
    cited = [c.id for c in find_citations("planted.py", PLANTED)]
    assert cited == ["TG-7", "FF-3", UNDEFINED_A, UNDEFINED_B, "SQ-11", "SQ-1", "SQ-10"]


def test_the_rule_parser_flags_malformed_and_keeps_bodies() -> None:
    zero, suffixed = "TG" + "-01", "UN" + "-1a"
    page = "\n".join(
        [
            "# Rules",
            "### TG-1: Cards",
            "ninety-eight cards",
            f"### {zero}: leading zero",
            "### tg-2: lower case",
            "### TG-3 no colon",
            "## UNO",
            f"### {suffixed}: Deck",
            "body",
        ]
    )
    rules, malformed = parse_rules(page)
    assert [(r.id, r.line, r.body) for r in rules] == [
        ("TG-1", 2, "ninety-eight cards"),
        (suffixed, 8, "body"),
    ]
    assert malformed == [
        f"line 4: ### {zero}: leading zero",
        "line 5: ### tg-2: lower case",
        "line 6: ### TG-3 no colon",
    ]


_IDS = st.builds(
    lambda prefix, number, suffix: f"{prefix}-{number}{suffix}",
    st.sampled_from(["TG", "FF", "UN", "SQ"]),
    st.integers(1, 30),
    st.sampled_from(["", "", "", "a", "b"]),
)
_FILLER = st.text(alphabet="abc xyz.,;:()#=-_0123456789", max_size=12)


@settings(max_examples=150, deadline=None)
@given(
    lines=st.lists(st.lists(st.tuples(_FILLER, _IDS), max_size=3), min_size=1, max_size=8),
    defined=st.sets(_IDS, max_size=20),
)
def test_the_checker_finds_exactly_the_undefined_ids_fuzzed(
    lines: list[list[tuple[str, str]]], defined: set[str]
) -> None:
    # Each id is set off by spaces, so filler never glues onto it; the expectation is
    # built from the planted ids, independently of the checker's regular expression.
    text = "\n".join(" ".join(f"{filler} {rule_id} " for filler, rule_id in line) for line in lines)
    expected = [
        f"f.md:{number}: {rule_id}"
        for number, line in enumerate(lines, 1)
        for _, rule_id in line
        if rule_id not in defined
    ]
    assert [str(c) for c in undefined_citations([("f.md", text)], defined)] == expected


# ------------------------------------------------------------ docs/rules.md and the repository


def test_every_rule_heading_is_well_formed_and_unique() -> None:
    rules, malformed = parse_rules(RULES_DOC.read_text(encoding="utf-8"))
    assert not malformed, "malformed rule headings in docs/rules.md:\n" + "\n".join(malformed)
    assert len(rules) >= 40, f"only {len(rules)} rules parsed from docs/rules.md"
    seen: dict[str, int] = {}
    duplicates = []
    for rule in rules:
        if rule.id in seen:
            duplicates.append(f"{rule.id}: lines {seen[rule.id]} and {rule.line}")
        seen[rule.id] = rule.line
    assert not duplicates, "rule ids defined twice in docs/rules.md:\n" + "\n".join(duplicates)
    assert all(rule.body.strip() for rule in rules), "a rule heading with no text"


def _order_key(rule_id: str) -> tuple[int, str]:
    """Order of ids of one game: by number, then letter suffix (7, 7a, 8, 10)."""
    number = rule_id.split("-")[1]
    return int(number.rstrip("abcdefghijklmnopqrstuvwxyz")), number.lstrip("0123456789")


def test_each_game_lists_its_rules_together_in_order() -> None:
    prefixes = [rule.id.split("-")[0] for rule in doc_rules()]
    groups = [p for i, p in enumerate(prefixes) if i == 0 or p != prefixes[i - 1]]
    assert groups == ["TG", "FF", "UN", "SQ"]
    for prefix in groups:
        keys = [_order_key(r.id) for r in doc_rules() if r.id.startswith(prefix + "-")]
        assert keys == sorted(keys), f"{prefix} rules out of order"


def test_every_cited_rule_id_is_defined_in_the_rules_doc() -> None:
    texts = repository_texts()
    citations = [c for path, text in texts for c in find_citations(path, text)]
    # The scan must really have found the repository's citations.
    assert len(texts) > 100, f"only {len(texts)} files scanned"
    assert len(citations) > 1000, f"only {len(citations)} rule citations found"
    cited_prefixes = {c.id.split("-")[0] for c in citations}
    assert cited_prefixes == {"TG", "FF", "UN", "SQ"}
    assert any(c.path == "solver/thegame/rules.py" and c.id == "TG-7" for c in citations)
    defined = {rule.id for rule in doc_rules()}
    missing = undefined_citations(texts, defined)
    assert not missing, (
        "rule ids cited but not defined in docs/rules.md (define the rule there or fix "
        "the citation):\n" + "\n".join(str(c) for c in missing)
    )


@pytest.mark.skipif(
    not SHARED_RULES.is_file(),
    reason=f"{SHARED_RULES} is not present (a plain clone of the repository has no shared folder)",
)
def test_every_rule_of_the_original_digest_is_defined_with_its_decisions() -> None:
    text = SHARED_RULES.read_text(encoding="utf-8")
    shared = SHARED_RULE.findall(text)
    assert len(shared) >= 40, f"only {len(shared)} rules parsed from {SHARED_RULES}"
    rules = {rule.id: rule for rule in doc_rules()}
    missing = [rule_id for rule_id in shared if rule_id not in rules]
    assert not missing, f"rules of {SHARED_RULES} missing from docs/rules.md: {missing}"
    # A rule the digest marks as a decision ("**Decision:**", "(Decision)", "Decisions
    # the seed leaves open") is marked **Decision** in docs/rules.md too.
    bullets = re.split(r"\n(?=- \*\*|## )", text)
    decided = [
        match.group(1)
        for bullet in bullets
        if (match := SHARED_RULE.match(bullet)) and re.search(r"\bDecisions?\b", bullet)
    ]
    assert len(decided) >= 5, f"only {len(decided)} decisions found in {SHARED_RULES}"
    unmarked = [rule_id for rule_id in decided if "**Decision" not in rules[rule_id].body]
    assert not unmarked, f"decisions not marked **Decision** in docs/rules.md: {unmarked}"


def test_the_sequence_grid_on_the_page_is_the_engines_board() -> None:
    (sq1,) = [rule for rule in doc_rules() if rule.id == "SQ-1"]
    blocks = re.findall(r"^```\n(.*?)^```", sq1.body, re.MULTILINE | re.DOTALL)
    assert len(blocks) == 1, "SQ-1 must print the board in one fenced block"
    page_rows = [row.split() for row in blocks[0].splitlines() if row.strip()]
    board_rows = [row.split() for row in BOARD_TEXT.splitlines() if row.strip()]
    assert len(page_rows) == 10
    assert page_rows == board_rows


def test_the_pages_relative_links_lead_to_existing_files() -> None:
    targets = re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", RULES_DOC.read_text(encoding="utf-8"))
    relative = [t for t in targets if "://" not in t]
    assert len(relative) >= 10
    broken = [t for t in relative if not (RULES_DOC.parent / t).exists()]
    assert not broken, f"broken links in docs/rules.md: {broken}"


def test_nothing_points_to_a_rules_file_outside_the_repository() -> None:
    """A clone has only docs/rules.md: no code or page may send its reader to the
    project's shared RULES.md (this file names it only to compare with it)."""
    here = Path(__file__).name
    stale = [
        f"{name}:{number}"
        for name, text in repository_texts()
        if not name.endswith(here)
        for number, line in enumerate(text.splitlines(), start=1)
        if "RULES" + ".md" in line
    ]
    assert stale == []
