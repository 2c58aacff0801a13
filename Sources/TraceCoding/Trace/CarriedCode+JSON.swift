import TraceModel
import ToolSupport

/// The `"code"` member of a trace's header, as written and read.
///
/// Written one source line per trace line, so a trace's diff shows a changed line
/// of code as one changed line:
///
///     "code": {"fingerprint": "fnv1a64:…", "files": [
///       {"name": "AsyncNoResetStrategy.swift", "lines": [
///         "import ReuseEngine",
///         …
///       ]}
///     ]},
extension CarriedCode {
    /// The member as the trace writer writes it, ending with `,\n`.
    var headerText: String {
        var out = "  \"code\": {\"fingerprint\": "
        JSONWriter.writeString(fingerprint, into: &out)
        out += ", \"files\": ["
        for (index, file) in files.enumerated() {
            out += index == 0 ? "\n    {\"name\": " : ",\n    {\"name\": "
            JSONWriter.writeString(file.name, into: &out)
            out += ", \"lines\": ["
            for (number, line) in file.lines.enumerated() {
                out += number == 0 ? "\n      " : ",\n      "
                JSONWriter.writeString(line, into: &out)
            }
            out += file.lines.isEmpty ? "]}" : "\n    ]}"
        }
        out += files.isEmpty ? "]},\n" : "\n  ]},\n"
        return out
    }

    static func decode(_ field: JSONField) throws(ReuseLabError) -> CarriedCode {
        let object = try field.object()
        try object.rejectUnknown(allowed: ["fingerprint", "files"])
        let fingerprintField = try object.required("fingerprint", "the code's fingerprint, \"fnv1a64:\" and 16 hexadecimal digits")
        let filesField = try object.required("files", "the source files, each {\"name\": …, \"lines\": […]}")
        let fileFields = try filesField.array()
        guard fileFields.count <= maximumFiles else {
            throw filesField.error("a trace carries at most \(maximumFiles) source files, found \(fileFields.count)")
        }
        var files: [File] = []
        for fileField in fileFields {
            let file = try fileField.object()
            try file.rejectUnknown(allowed: ["name", "lines"])
            let name = try file.required("name", "the file's name").string()
            guard !name.isEmpty else { throw fileField.error("a source file's \"name\" is empty") }
            let linesField = try file.required("lines", "the file's lines, one string each")
            let lineFields = try linesField.array()
            guard lineFields.count <= maximumLines else {
                throw linesField.error("a source file may have at most \(maximumLines) lines, found \(lineFields.count)")
            }
            var lines: [String] = []
            lines.reserveCapacity(lineFields.count)
            for line in lineFields { lines.append(try line.string()) }
            files.append(File(name: name, lines: lines))
        }
        let fingerprint = try fingerprintField.string()
        let expected = CarriedCode.fingerprint(of: files)
        guard fingerprint == expected else {
            throw fingerprintField.error("the code's fingerprint is \"\(VisibleText.shortened(fingerprint))\" but its files give \"\(expected)\": the code was changed after it was recorded")
        }
        return CarriedCode(files: files, fingerprint: fingerprint)
    }
}
