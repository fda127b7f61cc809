"""Forms as a page renders them, posted as a browser would: a small HTML form reader for
tests that must go through the pages' own forms (no API calls, no hand-made bodies).

``forms_on(html)`` lists every ``<form>`` with its action, its id and the values a browser
would send if the user pressed its first submit button without touching anything (checked
boxes, selected options, hidden inputs, text defaults). ``PageForm.fill`` then changes
named fields the way a user could (only to values the form offers)."""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser


@dataclass
class Control:
    name: str
    kind: str  # input type, "select" or "textarea"
    value: str = ""
    checked: bool = False
    required: bool = False
    disabled: bool = False
    options: list[tuple[str, bool]] = field(default_factory=list)  # (value, selected)
    attrs: dict = field(default_factory=dict)


@dataclass
class PageForm:
    action: str
    method: str
    id: str
    controls: list[Control]
    text: str = ""

    def names(self) -> set[str]:
        return {c.name for c in self.controls}

    def offered(self, name: str) -> list[str]:
        """The values a user can give ``name`` (options, or the boxes' values)."""
        out = []
        for c in self.controls:
            if c.name != name:
                continue
            if c.kind == "select":
                out += [v for v, _ in c.options]
            elif c.kind in {"checkbox", "radio"}:
                out.append(c.value)
        return out

    def data(self, **changes) -> dict[str, list[str]]:
        """What a browser sends: the defaults, with ``changes`` applied (a list checks those
        boxes of a checkbox group; a value must be one the form offers for a select, radio
        or checkbox group). Required selects left empty take their first real option,
        required empty numbers their minimum (or 0): what a user in a hurry would do."""
        sent: dict[str, list[str]] = {}
        for c in self.controls:
            if c.disabled or not c.name or c.kind in {"submit", "button", "reset", "file"}:
                continue
            if c.name in changes:
                continue
            if c.kind in {"checkbox", "radio"}:
                if c.checked:
                    sent.setdefault(c.name, []).append(c.value or "on")
            elif c.kind == "select":
                picked = [v for v, sel in c.options if sel]
                if "multiple" not in c.attrs:
                    picked = picked[-1:] or [v for v, _ in c.options[:1]]
                if c.required and picked in ([], [""]):
                    real = [v for v, _ in c.options if v]
                    picked = real[:1]
                sent.setdefault(c.name, []).extend(picked)
            else:
                value = c.value
                if not value and c.required:
                    value = c.attrs.get("min") or ("0" if c.kind == "number" else "x")
                sent.setdefault(c.name, []).append(value)
        for name, value in changes.items():
            values = value if isinstance(value, list | tuple) else [value]
            values = [str(v) for v in values]
            offered = self.offered(name)
            kinds = {c.kind for c in self.controls if c.name == name}
            assert kinds, f"the form {self.action} has no field {name!r}"
            if kinds & {"select", "checkbox", "radio"}:
                bad = [v for v in values if v not in offered]
                assert not bad, f"{name}={bad} is not offered by {self.action} ({offered})"
            sent[name] = values
        return sent


class _Reader(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.forms: list[PageForm] = []
        self.current: PageForm | None = None
        self.select: Control | None = None
        self.option: list | None = None
        self.textarea: Control | None = None

    def handle_starttag(self, tag, attrs):
        a = {k: (v if v is not None else "") for k, v in attrs}
        if tag == "form":
            self.current = PageForm(a.get("action", ""), a.get("method", "get").lower(),
                                    a.get("id", ""), [])
            self.forms.append(self.current)
            return
        if self.current is None:
            return
        common = {"required": "required" in a, "disabled": "disabled" in a, "attrs": a}
        if tag == "input":
            kind = a.get("type", "text").lower()
            self.current.controls.append(Control(a.get("name", ""), kind, a.get("value", ""),
                                                 checked="checked" in a, **common))
        elif tag == "button":
            self.current.controls.append(Control(a.get("name", ""), a.get("type", "submit"),
                                                 a.get("value", ""), **common))
        elif tag == "select":
            self.select = Control(a.get("name", ""), "select", **common)
            self.current.controls.append(self.select)
        elif tag == "option" and self.select is not None:
            self.option = [a.get("value"), "selected" in a, ""]
            self.select.options.append((a.get("value") or "", "selected" in a))
        elif tag == "textarea":
            self.textarea = Control(a.get("name", ""), "textarea", **common)
            self.current.controls.append(self.textarea)

    def handle_data(self, data):
        if self.current is not None:
            self.current.text += data
        if self.textarea is not None:
            self.textarea.value += data
        if self.option is not None and self.option[0] is None and self.select is not None:
            # <option>text</option> without a value sends its text
            value, selected = self.select.options[-1]
            self.select.options[-1] = ((value + data).strip(), selected)

    def handle_endtag(self, tag):
        if tag == "form":
            self.current = None
        elif tag == "select":
            self.select = None
        elif tag == "option":
            self.option = None
        elif tag == "textarea":
            self.textarea = None


def forms_on(html: str, url: str = "") -> list[PageForm]:
    """The page's POST forms; a form without an action posts to the page's ``url``."""
    reader = _Reader()
    reader.feed(html)
    for form in reader.forms:
        form.action = form.action or url
    return [f for f in reader.forms if f.method == "post"]


def find(forms: list[PageForm], action_part: str) -> PageForm | None:
    """The first form whose action contains ``action_part`` (or whose id is it)."""
    return next((f for f in forms if action_part in f.action or f.id == action_part), None)
