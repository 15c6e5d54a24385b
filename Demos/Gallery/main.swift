import TermLayout
import TermLayoutNcurses

// `swift run Gallery`: every widget, live. q or Ctrl-C quits.
let app = makeGalleryApp()
try app.run()
