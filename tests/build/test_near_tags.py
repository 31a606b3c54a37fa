"""Near-duplicate spellings of one tag on a real site (issue 35, point 3): the build says them
as INFO lines by default (an unchanged `--strict` site still builds), as warnings with
`near_duplicates: warn`, and `tagindex check` warns, naming the files and the tags file entry."""

from __future__ import annotations

from pathlib import Path

from test_zensical import tagindex

from conftest import build, material_config, write_config, write_page

PAGES = {
    "a.md": ["Agent", "GPT-3", "ML"],
    "b.md": ["agents", "GPT-4", "RL"],
    "c.md": ["Kubernetes", "Web Development"],
    "d.md": ["kubernets", "web-development", "K8s"],
}
EXPECTED = [
    "tags 'Agent' (a.md) and 'agents' (b.md) look like one tag (a plural); if they are, make "
    "one an alias of the other in the tags file: agent: {aliases: [agents]}",
    "tags 'K8s' (d.md) and 'Kubernetes' (c.md) look like one tag (an abbreviation); if they "
    "are, make one an alias of the other in the tags file: k8s: {aliases: [Kubernetes]}",
    "tags 'Kubernetes' (c.md) and 'kubernets' (d.md) look like one tag (one letter apart); if "
    "they are, make one an alias of the other in the tags file: kubernetes: {aliases: [kubernets]}",
]


def _site(tmp_path: Path, **options: object) -> Path:
    project = tmp_path / "near"
    write_config(project, material_config(**options))
    write_page(project, "index.md", None, "# Home\n\nHello.\n")
    for name, tags in PAGES.items():
        write_page(project, name, {"tags": tags}, f"# {name}\n\nText.\n")
    return project


def _said(log: str, level: str) -> list[str]:
    return [
        line.split("-  ", 1)[1].removeprefix("tagindex: ")
        for line in log.splitlines()
        if line.startswith(level) and "look like one tag" in line
    ]


def test_the_build_says_them_as_info_and_strict_still_passes(tmp_path: Path) -> None:
    site = build(_site(tmp_path), "--strict")
    assert sorted(_said(site.log, "INFO")) == EXPECTED
    assert not _said(site.log, "WARNING")


def test_warn_makes_them_warnings_and_check_always_warns(tmp_path: Path) -> None:
    project = _site(tmp_path, near_duplicates="warn")
    site = build(project, "--strict", check=False)
    assert site.result.returncode == 1
    assert sorted(_said(site.log, "WARNING")) == EXPECTED
    quiet = _site(tmp_path / "quiet", near_duplicates="ignore")
    assert not _said(build(quiet, "--strict").log, "INFO")
    checked = tagindex(quiet, "check")
    assert checked.returncode == 1
    assert sorted(_said(checked.stderr, "WARNING")) == EXPECTED
