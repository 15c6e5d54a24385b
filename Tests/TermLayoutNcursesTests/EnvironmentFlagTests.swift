import Testing
@testable import TermLayoutNcurses

/// `TERMLAYOUT_NO_PROBE` and `TERMLAYOUT_NO_KITTY_KEYS` read as a user means them: `=0` or
/// `=false` leaves the feature on.
struct EnvironmentFlagTests {
    @Test func zeroFalseNoOffAndEmptyAreOff() {
        for value in [nil, "", " ", "0", "false", "FALSE", "No", "off", " 0 "] {
            #expect(!EnvironmentFlag.isOn(value), "\(String(describing: value))")
        }
        for value in ["1", "true", "yes", "on", "anything"] {
            #expect(EnvironmentFlag.isOn(value), "\(value)")
        }
    }

    @Test func theSwitchesUseIt() {
        #expect(KittyKeyboard.isWanted(flags: 0, environment: [KittyKeyboard.disableVariable: "0"]))
        #expect(!KittyKeyboard.isWanted(flags: 0, environment: [KittyKeyboard.disableVariable: "1"]))
        #expect(!TerminalProbe.isWanted(input: 0, output: 1, type: "xterm", environment: [TerminalProbe.disableVariable: "yes"]))
    }
}
