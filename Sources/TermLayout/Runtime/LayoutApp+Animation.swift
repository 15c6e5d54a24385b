/// The animation timer: it advances the frame Spinners turn with, ten times a second, only
/// while one shows and spins. A Spinner hidden, inactive, on a page not shown, in a dialog
/// not presented, scrolled out of view or of zero size sets none, so an app with nothing
/// turning sleeps until input.
extension LayoutApp {
    /// How often the animation frame advances.
    static var animationInterval: Duration { .milliseconds(100) }

    /// After a frame: keeps the timer while a widget painted where it shows read the
    /// animation frame (see `PaintContext.frame`), and stops it otherwise (also while the
    /// red box shows instead of the app).
    func updateAnimationTimer(drewApp: Bool) {
        let animates = drewApp && (root?.tree.animatedNodes.contains { $0.node?.existingPaintRecord?.animates == true } ?? false)
        if animates {
            if spinnerTimer == nil || spinnerTimer?.isCancelled == true {
                spinnerTimer = every(Self.animationInterval) { app in app.animationFrame += 1 }
            }
        } else if let timer = spinnerTimer {
            timer.cancel()
            spinnerTimer = nil
        }
    }
}
