import Testing
@testable import Dashboard

/// The `/proc` parsers, on fixed text.
struct ProcParsingTests {
    @Test func cpuTimesSumTheFirstEightFieldsAndCountTheCores() {
        let text = "cpu  10 1 20 300 4 5 6 7 99 99\ncpu0 1 1 1 1\ncpu1 1 1 1 1\ncpu2 1 1 1 1\ncpufreq 3\nintr 5\n"
        // guest and guest_nice (99, 99) are already in user time; idle is idle + iowait.
        #expect(ProcParsing.cpuTimes(text) == ProcParsing.CPUTimes(total: 353, idle: 304, cores: 3))
    }

    @Test func cpuTimesOfMalformedTextAreNil() {
        #expect(ProcParsing.cpuTimes("") == nil)
        #expect(ProcParsing.cpuTimes("cpu  10 x") == nil)
        #expect(ProcParsing.cpuTimes("intr 1 2 3") == nil)
    }

    @Test func memoryReadsTotalAndAvailable() {
        let text = "MemTotal:       16318412 kB\nMemFree:         1234 kB\nMemAvailable:    9123456 kB\nBuffers: 1 kB\n"
        #expect(ProcParsing.memory(text) == ProcParsing.Memory(total: 16318412, available: 9123456))
        #expect(ProcParsing.memory("MemTotal: 100 kB\n") == nil)
        #expect(ProcParsing.memory("MemTotal: 0 kB\nMemAvailable: 0 kB\n") == nil)
    }

    @Test func loadReadsThreeAverages() {
        #expect(ProcParsing.load("0.52 1.58 12.00 1/467 12345\n") == ProcParsing.Load(one: 0.52, five: 1.58, fifteen: 12))
        #expect(ProcParsing.load("0.52 nan 1.0 1/2 3") == nil)
        #expect(ProcParsing.load("") == nil)
    }

    @Test func processNamesMayHoldSpacesAndParentheses() throws {
        let stat = FixedSource.stat(pid: 42, name: "tmux: server (1) x", ticks: (123, 45))
        let process = try #require(ProcParsing.process(pid: 42, stat: stat, status: "Name:\ttmux\nVmRSS:\t    6252 kB\nVmSwap: 0 kB\n"))
        #expect(process == ProcParsing.Process(pid: 42, name: "tmux: server (1) x", ticks: 168, residentKiB: 6252))
    }

    @Test func kernelThreadsHaveNoMemoryAndTruncatedStatIsNil() {
        let stat = FixedSource.stat(pid: 2, name: "kthreadd", ticks: (0, 3))
        #expect(ProcParsing.process(pid: 2, stat: stat, status: "Name:\tkthreadd\n")?.residentKiB == 0)
        #expect(ProcParsing.process(pid: 2, stat: stat, status: nil)?.ticks == 3)
        #expect(ProcParsing.process(pid: 2, stat: "2 (kthreadd) S 0 1", status: nil) == nil)
        #expect(ProcParsing.process(pid: 2, stat: "garbage", status: nil) == nil)
    }
}
