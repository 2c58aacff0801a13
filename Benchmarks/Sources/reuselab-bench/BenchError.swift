/// Why the benchmark could not run or finish, and the exit status that says so.
struct BenchError: Error {
    enum Kind {
        /// A wrong option or value (exit status 64, as the BSD `EX_USAGE`).
        case usage
        /// The binary or a folder to read is missing (66, `EX_NOINPUT`).
        case missingInput
        /// A measured command failed or a file could not be written (70, `EX_SOFTWARE`).
        case failed
        /// A signal ended the run (128 + the signal, as a shell reports it).
        case interrupted(Int32)

        var status: Int32 {
            switch self {
            case .usage: 64
            case .missingInput: 66
            case .failed: 70
            case .interrupted(let signal): 128 + signal
            }
        }
    }

    var kind: Kind
    var message: String

    init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }
}
