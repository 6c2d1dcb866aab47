"""The SVG's drag-preview state (issue 26 item 6): ``--drag A..B`` leaves the page in the
middle of a range drag, as a host's pointer events would; the days preview the range
and the picture outlines each previewed day and draws the pointer."""
from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

import kalends
from kalends.app.cli import main
from kalends.app.render_svg import SvgRenderer

NS = {"svg": "http://www.w3.org/2000/svg"}


def test_drag_option_draws_the_preview(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "drag.svg"
    assert main(["2026", "11", "--today", "2026-11-22", "--drag", "2026-11-20..2026-11-17", "--svg", str(out)]) == 0
    capsys.readouterr()
    root = ET.parse(out).getroot()
    (preview,) = root.iterfind(".//svg:g[@class='drag-preview']", NS)
    assert (preview.get("data-kind"), preview.get("data-first"), preview.get("data-last")) == \
        ("range", "2026-11-17", "2026-11-20")            # dragged backwards: the range still reads first to last
    assert len(preview.findall("svg:rect", NS)) == 4 and len(preview.findall("svg:path[@class='pointer']", NS)) == 1
    classes = {g.get("data-date"): g.get("class", "") for g in root.iterfind(".//svg:g", NS) if g.get("data-date")}
    assert "range-start" in classes["2026-11-17"] and "range-end" in classes["2026-11-20"]
    assert "selected" not in classes["2026-11-16"]


def test_no_drag_no_preview() -> None:
    view = kalends.View(kalends.Calendar(today=kalends.Date(2026, 11, 22).to_date()), width=392,
                        selection_mode=kalends.SelectionMode.RANGE)
    assert "drag-preview" not in SvgRenderer().view(view)
    cells = [e for e in view.layout() if e.kind == kalends.ElementKind.DAY]
    a, b = cells[8].frame, cells[10].frame
    view.press(a.x + a.width / 2, a.y + a.height / 2, time=0)
    view.drag(b.x + b.width / 2, b.y + b.height / 2, time=0.1)
    assert SvgRenderer().view(view).count("stroke-dasharray") == 3
    view.cancel_pointer()
    assert "drag-preview" not in SvgRenderer().view(view)
