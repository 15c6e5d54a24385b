// A floor for startup.py --floors: the Swift runtime and the whole of Foundation (as
// `termlayout` links it, ICU included), linked statically, print "3".
import Foundation

FileHandle.standardOutput.write(Data([0x33, 0x0A]))
