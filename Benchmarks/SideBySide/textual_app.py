"""The Textual side of the side-by-side benchmark (run.py runs it in a pty).

    python textual_app.py COUNT

The same screen as SideBySideApp's template: a one-line text field at the top (focused),
COUNT labels 12 columns wide in rows of ten inside a scrolling container, and a footer line.
The sixth label of the first row shows ``V{n}``; F5 adds one to ``n``. The text field's
cursor does not blink (a blinking cursor writes to the terminal twice a second, and
TermLayout's text field leaves its cursor to the terminal, which writes nothing).
"""

import sys

from textual.app import App, ComposeResult
from textual.containers import Horizontal, VerticalScroll
from textual.widgets import Input, Label, Static


class Footer(Static):
    """The last line: `END OF SCREEN` and the screen's size, read when it is drawn (as the
    TermLayout template's footer reads `#screen.width` and `#screen.height`)."""

    def render(self) -> str:
        return f"END OF SCREEN {self.app.size.width}x{self.app.size.height}"


class GridApp(App):
    """A text field, the label grid in a VerticalScroll, and a footer."""

    # Input's default look is three rows (a tall border); TermLayout's TextField is one.
    # Horizontal's default height is 1fr (the rows would share the container's height);
    # a TermLayout Row is as tall as its content.
    CSS = """
    Input { border: none; height: 1; padding: 0 0; }
    VerticalScroll { height: 1fr; }
    Horizontal { height: auto; }
    Label { width: 12; }
    #footer { height: 1; }
    """
    BINDINGS = [("f5", "bump", "Change one label")]

    def __init__(self, count: int) -> None:
        super().__init__()
        self.count = count
        self.n = 0

    def compose(self) -> ComposeResult:
        field = Input(id="field")
        field.cursor_blink = False
        yield field
        with VerticalScroll():
            for row in range(self.count // 10):
                with Horizontal():
                    for column in range(10):
                        index = row * 10 + column
                        if index == 5:
                            yield Label("V0", id="changing")
                        else:
                            yield Label(f"L{index}")
        yield Footer(id="footer")

    def action_bump(self) -> None:
        self.n += 1
        self.query_one("#changing", Label).update(f"V{self.n}")


if __name__ == "__main__":
    GridApp(int(sys.argv[1])).run()
