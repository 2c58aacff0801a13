import TraceModel

extension TraceMetrics {
    /// The metrics of the events applied so far.
    public var report: MetricsReport { tally.report }
}

extension MetricTally {
    /// The metrics of the events noted so far (see `TraceMetrics.report`).
    ///
    /// A recorded trace (its header carries the scenario) records every kind of
    /// event the engine produces, so every metric is computed and a zero is a real
    /// zero. A hand-written or imported trace gives a metric only if the kinds of
    /// events it needs occur; otherwise the metric is unavailable, with the reason.
    /// Some metrics have no value in any trace: no complete screen ever, no
    /// scrolling to divide by, no image wait to average.
    var report: MetricsReport {
        let recorded = header.scenario != nil
        /// The reason a hand-written trace cannot give a metric; a recorded trace always can.
        func missing(_ reasons: String?...) -> String? {
            recorded ? nil : reasons.lazy.compactMap { $0 }.first
        }
        let network = missing(presence.noNetwork)
        let frames = missing(presence.noFrames)
        let images = missing(presence.noImagesInFrames)
        let mainThread = missing(presence.noMainThread)

        let staleTotal = stale.total(endingAt: end)
        let fps = header.scenario?.fps ?? 60
        let staleFrameCount = Int((Double(staleTotal.microseconds) * Double(max(fps, 1)) / 1_000_000).rounded())

        // With no image in any frame (text-only cells), nobody waited for an image.
        let showsImages = presence.framesShowImages
        let waits = showsImages ? imageWait.count : 0
        let waitTotal = showsImages ? imageWait.total : .zero
        let waitAverage: Measured<VirtualTime> = waits > 0
            ? .value(VirtualTime(microseconds: Int64((Double(waitTotal.microseconds) / Double(waits)).rounded())))
            : .unavailable("no \(header.list.noun) waited until its image showed, so there is no wait to average")

        let scrollTotal = scrolling.total(endingAt: end)
        let ratio: Measured<Double>
        if let reason = missing(presence.noMainThread, presence.noScrolling) {
            ratio = .unavailable(reason)
        } else if scrolling.intervals == 0 {
            ratio = .unavailable("nothing scrolled, so there is no scrolling time to divide by")
        } else if scrollTotal.microseconds <= 0 {
            ratio = .unavailable("the scrolling took no time, so there is nothing to divide by")
        } else {
            let perSecond = scrollingHitchTime.milliseconds / (scrollTotal.milliseconds / 1000)
            ratio = .value((perSecond * 1000).rounded() / 1000)
        }

        return MetricsReport(
            title: header.title,
            profile: header.profile,
            list: header.list,
            strategy: header.scenario?.strategy,
            recorded: recorded,
            eventCount: eventCount,
            duration: end,
            cellsCreated: cellsCreated,
            reuses: reuses,
            cellForRowAtCalls: cellForRowAtCalls,
            downloads: .unless(network, downloads),
            downloadBytes: .unless(network, downloadBytes),
            pageLoads: .unless(network, pageLoads),
            cacheHits: .unless(network, Dictionary(uniqueKeysWithValues: CacheLayer.allCases.map { ($0, cacheHits[$0] ?? 0) })),
            cacheEvictions: .unless(network, cacheEvictions),
            coalesced: .unless(network, coalesced),
            cancelled: .unless(network, cancelled),
            cancelledPrefetches: .unless(network, cancelledPrefetch),
            failed: .unless(network, failed),
            downloadsNeverShown: .unless(missing(presence.noNetwork, presence.noImagesInFrames), unshown.count),
            staleTime: .unless(frames, staleTotal),
            staleFrames: .unless(frames, staleFrameCount),
            firstCompleteScreen: firstScreen(),
            imageWaits: .unless(images, waits),
            imageWaitTotal: .unless(images, waitTotal),
            imageWaitAverage: images.map { .unavailable($0) } ?? waitAverage,
            imageWaitsEndedEarly: .unless(images, showsImages ? imageWait.endedBeforeImage : 0),
            imageWaitsOpenAtEnd: .unless(images, showsImages ? imageWait.stillWaiting : 0),
            mainThreadBlocked: .unless(mainThread, mainThreadBlocked),
            hitches: .unless(mainThread, hitches),
            hitchTime: .unless(mainThread, hitchTime),
            scrollingTime: .unless(missing(presence.noScrolling), scrollTotal),
            scrollingHitchTime: .unless(missing(presence.noMainThread, presence.noScrolling), scrollingHitchTime),
            hitchTimeRatio: ratio,
            peakImageMemory: .unless(missing(presence.noImageMemory), peakImageMemory)
        )
    }

    /// When the first complete screen was on display, or why there was none.
    private func firstScreen() -> Measured<VirtualTime> {
        if let reason = presence.noFrames { return .unavailable(reason) }
        if presence.framesShowImages {
            return firstCompleteScreen.map { .value($0) }
                ?? .unavailable("no frame snapshot shows every visible cell with its own \(header.list.noun)'s image")
        }
        return firstScreenWithCells.map { .value($0) } ?? .unavailable("no frame snapshot shows any cell")
    }
}
