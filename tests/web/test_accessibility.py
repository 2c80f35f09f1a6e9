"""Accessibility the tests can measure: colour contrast of the stylesheet's palette (WCAG AA),
landmarks and labels on every kind of page, and keyboard focus order."""

from __future__ import annotations

import re

import pytest

from kubegap.web.render import STATIC_DIR

# (foreground, background) variable pairs the stylesheet actually combines.
PAIRS = [
    ("fg", "bg"),
    ("muted", "bg"),
    ("link", "bg"),
    ("fg", "panel"),
    ("muted", "panel"),
    ("link", "panel"),
    ("#fff", "accent"),
    ("#fff", "critical"),
    ("#fff", "high"),
    ("#fff", "medium"),
    ("#fff", "low"),
    ("#fff", "info"),
    ("link", "#e8f0fa"),
    ("#f0f3f6", "#1f2328"),
]


def _palette() -> dict[str, str]:
    css = (STATIC_DIR / "style.css").read_text()
    root = re.search(r":root\s*{([^}]*)}", css).group(1)
    return dict(re.findall(r"--([\w-]+):\s*(#[0-9a-fA-F]{6})", root))


def _luminance(colour: str) -> float:
    colour = colour.lstrip("#")
    if len(colour) == 3:
        colour = "".join(c * 2 for c in colour)
    channels = [int(colour[i : i + 2], 16) / 255 for i in (0, 2, 4)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def contrast(a: str, b: str) -> float:
    high, low = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def test_contrast_helper_knows_black_on_white():
    assert contrast("#000000", "#ffffff") == pytest.approx(21.0)
    assert contrast("#777777", "#ffffff") < 4.5


@pytest.mark.parametrize("fg, bg", PAIRS)
def test_text_colours_meet_wcag_aa(fg, bg):
    palette = _palette()
    ratio = contrast(palette.get(fg, fg), palette.get(bg, bg))
    assert ratio >= 4.5, f"{fg} on {bg}: {ratio:.2f}"


@pytest.mark.parametrize(
    "path",
    [
        "/",
        "/cases",
        "/cases/datadog-2023-systemd-networkd-cilium-outage",
        "/component",
        "/component/networking/cilium",
        "/checks",
        "/checks/nccl-timeouts-unset",
    ],
)
def test_landmarks_labels_and_keyboard_order(watched, site_server, path):
    page = watched.page
    page.goto(site_server + path)
    assert page.locator("header.site").count() == 1 and page.locator("main#main").count() == 1
    assert page.locator("footer.site").count() == 1 and page.get_by_role("navigation", name="Main").count() == 1
    assert page.locator("h1").count() == 1 and page.locator("html").get_attribute("lang") == "en"
    for field in page.locator("input:not([type=hidden])").all():
        assert page.locator(f'label[for="{field.get_attribute("id")}"]').count() == 1
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.textContent") == "Skip to content"
    page.keyboard.press("Enter")
    assert page.evaluate("location.hash") == "#main"
    page.goto(site_server + path)
    order = []
    for _ in range(4):
        page.keyboard.press("Tab")
        order.append(page.evaluate("document.activeElement.textContent.trim()"))
    assert order == ["Skip to content", "kubegap Incident Library", "Root cause", "Component"]


def test_results_come_first_on_a_phone_and_the_filters_fold(watched, site_server):
    page = watched.page
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site_server + "/cases")
    summary, first = page.locator(".facet-box > summary"), page.locator("#case-list > li").first
    assert summary.is_visible() and page.locator(".facet-box").get_attribute("open") is None
    assert first.bounding_box()["y"] < 844 and summary.bounding_box()["height"] < 80
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
