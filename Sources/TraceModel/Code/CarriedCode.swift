/// The app's source code a trace carries in its header (`"code"`), so that any
/// reader — on another machine, or in a page opened from disk — can show the
/// line of code an event points at without the project's files.
///
/// Carried once per trace, never per event: an event names only a file of it
/// and a line (`CodeLine`). The fingerprint versions the text: a reader can tell
/// two traces recorded from different code apart, and a hand-edited copy whose
/// text no longer matches its fingerprint is refused.
public struct CarriedCode: Sendable, Equatable {
    /// One source file: its name (`AsyncNoResetStrategy.swift`) and its lines,
    /// without their line breaks.
    public struct File: Sendable, Equatable {
        public var name: String
        public var lines: [String]

        public init(name: String, lines: [String]) {
            self.name = name
            self.lines = lines
        }
    }

    public var files: [File]
    /// `fnv1a64:` and 16 hexadecimal digits: `CarriedCode.fingerprint(of:)` of the files.
    public var fingerprint: String

    /// Code whose fingerprint is worked out from `files`.
    public init(files: [File]) {
        self.files = files
        fingerprint = Self.fingerprint(of: files)
    }

    /// Code as a trace states it, fingerprint and all (checked by whoever reads it).
    public init(files: [File], fingerprint: String) {
        self.files = files
        self.fingerprint = fingerprint
    }

    /// The most files and lines a trace may carry: a strategy is a file or two of
    /// a few hundred lines; past these a file is not app code.
    public static let maximumFiles = 32
    public static let maximumLines = 20_000

    /// The 64-bit FNV-1a hash of every file's name and lines, each followed by a
    /// zero byte: the same on every machine.
    public static func fingerprint(of files: [File]) -> String {
        var hash = StableHash()
        for text in files.flatMap({ [$0.name] + $0.lines }) {
            hash.add(text.utf8)
            hash.add(0)
        }
        let digits = String(hash.value, radix: 16)
        return "fnv1a64:" + String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// Where the code first declares `func name(`, with `label` among its argument
    /// labels when one is given (`tableView` and `cellForRowAt`): the files in order.
    public func declaration(of name: String, label: String = "") -> CodeLine? {
        for (fileIndex, file) in files.enumerated() {
            for (index, line) in file.lines.enumerated() {
                guard let at = line.firstRange(of: "func \(name)(") else { continue }
                let rest = line[at.upperBound...]
                if label.isEmpty || rest.contains(label + " ") || rest.contains(label + ":") {
                    return CodeLine(file: fileIndex, line: index + 1)
                }
            }
        }
        return nil
    }

    /// The text of `place`, or nil when the code has no such file or line.
    public func text(at place: CodeLine) -> String? {
        guard place.file >= 0, place.file < files.count, place.line >= 1, place.line <= files[place.file].lines.count else { return nil }
        return files[place.file].lines[place.line - 1]
    }
}

/// Where in the app's code an event happened: line `line` (from 1) of file `file`
/// (an index into the header's `CarriedCode.files`).
public struct CodeLine: Sendable, Equatable, Hashable {
    public var file: Int
    public var line: Int

    public init(file: Int = 0, line: Int) {
        self.file = file
        self.line = line
    }
}
