import TermLayout
import TermLayoutNcurses

// `swift run Boxes`: press Toggle (Enter, Space or a click) to rearrange the boxes. q or Ctrl-C quits.
let app = makeBoxesApp()
try app.run()
