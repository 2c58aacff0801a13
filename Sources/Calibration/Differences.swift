import Diff

/// Where the device's log and the best recording part ways, in plain sentences,
/// in the log's order: each changed stretch of the alignment, anchored on the
/// last device call both share (by its `seq` in the imported trace, as `replay`
/// numbers it).
///
/// The device's side holds only the calls the log prints (`PrintedCalls`), so
/// every sentence says what "the log shows", never what the import
/// reconstructed. A call both make, but in a different place (a
/// `didEndDisplaying` before the next row's `cellForRowAt` in the log, after it
/// in the recording), is told as one sentence, not as one missing call and one
/// extra. Calls the recording makes where the log was abridged are not
/// differences: one sentence sums them up.
struct Differences {
    /// One changed stretch of the alignment.
    struct Stretch {
        /// Index (in the device's calls) of the last call matched before it, if any.
        var after: Int?
        /// Indices of the device's calls only the log shows here.
        var device: [Int] = []
        /// Indices of the recording's calls only the recording shows here.
        var recorded: [Int] = []
        /// The device-call positions the stretch spans, from the first call after
        /// `after` to the next matched call (or the end): a gap there hides it.
        var lowerPosition: Int
        var upperPosition: Int
    }

    var log: DeviceLog
    var match: CandidateMatch

    var stretches: [Stretch] {
        var result: [Stretch] = []
        var current: Stretch?
        var lastMatched: Int?
        var position = 0 // device calls passed so far
        for operation in match.operations {
            switch operation {
            case .same(let i, _):
                if var open = current {
                    open.upperPosition = i
                    result.append(open)
                    current = nil
                }
                lastMatched = i
                position = i + 1
            case .onlyA(let i):
                if current == nil { current = Stretch(after: lastMatched, lowerPosition: position, upperPosition: position) }
                current?.device.append(i)
                position = i + 1
            case .onlyB(let j):
                if current == nil { current = Stretch(after: lastMatched, lowerPosition: position, upperPosition: position) }
                current?.recorded.append(j)
            }
        }
        if var open = current {
            open.upperPosition = log.calls.calls.count
            result.append(open)
        }
        return result
    }

    /// The gap markers within a stretch's span of device calls. A stretch only
    /// the recording has could as well sit a few calls earlier or later when the
    /// calls around it repeat (an `init` matched before it or after it is the same
    /// key): the span reaches as far as that, so a gap next to it still counts.
    func gaps(in stretch: Stretch, matched: Set<Int>) -> [Int] {
        var lower = stretch.lowerPosition, upper = stretch.upperPosition
        if stretch.device.isEmpty, !stretch.recorded.isEmpty {
            let device = log.calls.calls
            var keys = stretch.recorded.map { match.recorded[$0].key }
            // Backwards: the matched call before it equals the stretch's last call.
            while lower > 0, matched.contains(lower - 1), let last = keys.last, device[lower - 1].key == last {
                keys = [last] + keys.dropLast()
                lower -= 1
            }
            keys = stretch.recorded.map { match.recorded[$0].key }
            while upper < device.count, matched.contains(upper), let first = keys.first, device[upper].key == first {
                keys = Array(keys.dropFirst()) + [first]
                upper += 1
            }
        }
        return log.calls.gaps.filter { $0 >= lower && $0 <= upper }
    }

    /// The device's calls the recording matched.
    var matchedDeviceCalls: Set<Int> {
        Set(match.operations.compactMap { operation in
            if case .same(let i, _) = operation { return i }
            return nil
        })
    }

    /// A sentence and where it belongs in the device's order.
    private struct Line {
        var position: Int
        var text: String
    }

    func sentences(limit: Int = CalibrationResult.maximumDifferences) -> [String] {
        var leading: [String] = []
        if log.launchMissing {
            leading.append("The log shows no launch screen (no rows appearing before the drag), so the screen is a guess: 19 rows of 44 pt at launch.")
        }
        if let again = log.reappearing, match.matched < log.calls.calls.count {
            leading.append("The log shows \(again.describe(log.naming)) again after it left (event \(again.seq)): the log scrolls back, or the app reloads. Calibration tries one drag down; add the rest to the script by hand (a drag with a negative \"by\", a reloadData).")
        }
        var stretches = self.stretches
        var lines = moved(&stretches)
        var hidden = 0
        var hiddenGaps = Set<Int>()
        let matched = matchedDeviceCalls
        for stretch in stretches where !stretch.device.isEmpty || !stretch.recorded.isEmpty {
            let gaps = gaps(in: stretch, matched: matched)
            if stretch.device.isEmpty && !gaps.isEmpty {
                hidden += stretch.recorded.count
                hiddenGaps.formUnion(gaps)
            } else {
                lines.append(Line(position: stretch.lowerPosition, text: sentence(stretch, atGap: !gaps.isEmpty)))
            }
        }
        lines.sort { $0.position < $1.position }
        var trailing: [String] = []
        if hidden > 0 {
            let gaps = hiddenGaps.count == 1 ? "one gap" : "\(hiddenGaps.count) gaps"
            trailing.append("Where the log is abridged (\(gaps)), the recording's \(hidden == 1 ? "1 call" : "\(hidden) calls") there \(hidden == 1 ? "has" : "have") nothing to compare with and \(hidden == 1 ? "is" : "are") not counted as differences.")
        }
        let room = max(1, limit - leading.count - trailing.count)
        var shown = lines.map(\.text)
        if shown.count > room {
            let rest = shown.count - (room - 1)
            shown = Array(shown.prefix(room - 1))
            shown.append("… and \(rest) more like these ('reuselab diff' of this log against a recording of the scenario shows every one).")
        }
        return leading + shown + trailing
    }

    /// Pairs a call only the log shows with the same call only the recording
    /// shows in the same or a neighbouring stretch, removes both, and tells each
    /// pair as a call in a different place.
    private func moved(_ stretches: inout [Stretch]) -> [Line] {
        var lines: [Line] = []
        let device = log.calls.calls
        for index in stretches.indices {
            var remaining: [Int] = []
            for deviceCall in stretches[index].device {
                let key = device[deviceCall].key
                var paired = false
                for other in [index, index + 1, index - 1] where stretches.indices.contains(other) {
                    guard let found = stretches[other].recorded.firstIndex(where: { match.recorded[$0].key == key }) else { continue }
                    stretches[other].recorded.remove(at: found)
                    lines.append(Line(position: stretches[min(index, other)].lowerPosition,
                                      text: movedSentence(device[deviceCall], deviceStretch: stretches[index], recordedStretch: stretches[other],
                                                          deviceFirst: other >= index)))
                    paired = true
                    break
                }
                if !paired { remaining.append(deviceCall) }
            }
            stretches[index].device = remaining
        }
        return lines
    }

    /// "The log shows didEndDisplaying row 35 before cellForRowAt row 56 (event
    /// 243); the recording shows it after."
    private func movedSentence(_ call: ComparedCall, deviceStretch: Stretch, recordedStretch: Stretch, deviceFirst: Bool) -> String {
        let (earlier, later) = deviceFirst ? (deviceStretch, recordedStretch) : (recordedStretch, deviceStretch)
        // The calls both make between the two places: from the one that closed the
        // earlier stretch to the last one before the later stretch.
        let from = earlier.upperPosition, through = later.after ?? -1
        let calls = log.calls.calls
        guard from <= through, from < calls.count, through < calls.count else {
            return "\(anchor(deviceStretch)), the log and the recording show \(call.describe(log.naming)) in a different place."
        }
        var between = "\(calls[from].describe(log.naming)) (event \(calls[from].seq))"
        if through > from { between += through == from + 1 ? " and \(calls[through].describe(log.naming))" : " and \(through - from) more calls" }
        return "The log shows \(describe([call])) \(deviceFirst ? "before" : "after") \(between); the recording shows it \(deviceFirst ? "after" : "before")."
    }

    func anchor(_ stretch: Stretch) -> String {
        guard let after = stretch.after else { return "At the start" }
        let call = log.calls.calls[after]
        return "After event \(call.seq) (\(call.describe(log.naming)))"
    }

    func sentence(_ stretch: Stretch, atGap: Bool) -> String {
        let device = stretch.device.map { log.calls.calls[$0] }
        let recorded = stretch.recorded.map { match.recorded[$0] }
        if device.isEmpty, stretch.upperPosition >= log.calls.calls.count, let after = stretch.after {
            return "After the log's last call (event \(log.calls.calls[after].seq)), the recording goes on with \(describe(recorded)): the log may stop before the drag did."
        }
        let gapNote = atGap ? " (the log is abridged there)" : ""
        if recorded.isEmpty {
            return "\(anchor(stretch)), the log shows \(describe(device)), which the recording does not make\(gapNote)."
        }
        if device.isEmpty {
            return "\(anchor(stretch)), the recording also makes \(describe(recorded)), which the log does not show."
        }
        return "\(anchor(stretch)), the log shows \(describe(device)) where the recording shows \(describe(recorded))\(gapNote)."
    }

    /// "willDisplay row 19", "willDisplay row 19 and prefetchRowsAt [29]", a run
    /// of one call as "deinit (23 times)", up to four named, else "cellForRowAt
    /// row 4, willDisplay row 4, init and 39 more calls". A prefetch whose rows
    /// the import cut says so: the rows named are not all the log prints.
    func describe(_ list: [ComparedCall]) -> String {
        var runs: [(text: String, count: Int)] = []
        for call in list {
            let text = call.describe(log.naming) + (call.rowsLeftOut ? " (as imported: the log prints more rows)" : "")
            if let last = runs.last, last.text == text {
                runs[runs.count - 1].count += 1
            } else {
                runs.append((text, 1))
            }
        }
        let names = runs.prefix(runs.count > 4 ? 3 : 4).map { $0.count == 1 ? $0.text : "\($0.text) (\($0.count) times)" }
        guard let last = names.last else { return "nothing" }
        if runs.count > 4 {
            let rest = runs.dropFirst(3).reduce(0) { $0 + $1.count }
            return names.joined(separator: ", ") + " and \(rest) more calls"
        }
        return names.count == 1 ? last : names.dropLast().joined(separator: ", ") + " and " + last
    }
}
