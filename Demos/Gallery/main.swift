import TermLayout
import TermLayoutNcurses

// `swift run Gallery`: every widget, live. q or Ctrl-C quits.
let app = makeGalleryApp()
await app.runAsProgram(help: "usage: Gallery\n\nEvery widget on eight pages, live: edit Demos/Gallery/Templates/*.xml while it runs.\nkeys: Tab moves focus · ←/→ switch pages · Enter/Space press · Escape closes the dialog · q or Ctrl-C quits")
