// A floor for startup.py --floors: the Swift runtime and FoundationEssentials, linked
// statically (Data used so the library is linked and initialised), print "3".
import FoundationEssentials

let bytes = Data([0x33, 0x0A])
print(String(decoding: bytes, as: UTF8.self), terminator: "")
