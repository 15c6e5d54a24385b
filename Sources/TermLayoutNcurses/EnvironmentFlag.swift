import Foundation

/// How a `TERMLAYOUT_NO_…` switch in the environment is read: set to anything but the empty
/// string, `0`, `false`, `no` or `off` (in any case), it is on — so `TERMLAYOUT_NO_PROBE=0`
/// leaves the probe on, as a user writing it means.
enum EnvironmentFlag {
    /// Whether `value` (a variable's value, `nil` when unset) turns the switch on.
    static func isOn(_ value: String?) -> Bool {
        guard let value = value?.trimmingCharacters(in: .whitespaces).lowercased(), !value.isEmpty else { return false }
        return !["0", "false", "no", "off"].contains(value)
    }
}
