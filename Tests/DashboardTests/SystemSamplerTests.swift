import Testing
@testable import Dashboard

/// Rates from two samples, and what is left out when files vanish.
struct SystemSamplerTests {
    @Test func cpuUseComesFromTwoSamples() throws {
        let source = FixedSource.machine()
        var sampler = SystemSampler(source: source)
        let first = sampler.sample()
        #expect(first.cpu == nil)
        #expect(first.cores == 2)
        #expect(first.processes?.map(\.cpuPercent) == [0, 0, 0])

        source.advanceOneSecond()
        let second = sampler.sample()
        #expect(second.cpu == 0.4)
        let busy = try #require(second.processes?.first { $0.process.pid == 42 })
        #expect(busy.cpuPercent == 40)
        #expect(busy.process.name == "busy (worker) 1")
        #expect(busy.process.residentKiB == 524288)
    }

    @Test func aProcessVanishingMidReadIsLeftOut() {
        let source = FixedSource.machine()
        source.set(["42/stat": nil, "42/status": nil])   // listed, but gone when read
        var sampler = SystemSampler(source: source)
        #expect(sampler.sample().processes?.map(\.process.pid) == [1, 7])
    }

    @Test func withoutProcEverythingIsUnavailable() {
        var sampler = SystemSampler(source: FixedSource([:], pids: nil))
        _ = sampler.sample()
        let snapshot = sampler.sample()
        #expect(snapshot.cpu == nil)
        #expect(snapshot.memory == nil)
        #expect(snapshot.load == nil)
        #expect(snapshot.processes == nil)
        #expect(snapshot.cores >= 1)
    }

    @Test func stateShowsNotAvailableForWhatCouldNotBeRead() {
        let state = DashboardState(snapshot: SystemSnapshot(cores: 1), sort: .cpu, host: "h", time: "t")
        #expect(state.cpuText == "not available")
        #expect(state.memoryText == "not available")
        #expect(state.loadText == "not available")
        #expect(state.processesText == "Processes: not available")
        #expect(state.processes == [])
    }

    @Test func sizesAndPercentages() {
        #expect(DashboardState.size(kib: 512) == "512 KiB")
        #expect(DashboardState.size(kib: 831_488) == "812.0 MiB")
        #expect(DashboardState.size(kib: 8_388_608) == "8.0 GiB")
        #expect(DashboardState.percent(0.234) == "23%")
    }
}
