import TermLayout
import TermLayoutNcurses

// `swift run Boxes`: press Toggle (Enter, Space or a click) to rearrange the boxes. q or Ctrl-C quits.
let app = makeBoxesApp()
await app.runAsProgram(help: "usage: Boxes\n\nBoxes that rearrange: press Toggle (Enter, Space or a click).\nkeys: Tab moves focus · Enter/Space press · q or Ctrl-C quits")
