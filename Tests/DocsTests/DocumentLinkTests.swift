import Foundation
import Testing

/// The README and `docs/` send a reader only to places that exist: every
/// relative link reaches a file, every `#anchor` a heading, every `docs/NAME.md`
/// they mention is there, and nothing points into the folder beside the
/// repository where the product brief lives.
@Suite
final class DocumentLinkTests {
    /// The package's folder, found from this file: `Tests/DocsTests/` is two below it.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test func testTheProjectsDocumentsLeadOnlyWhereThereIsSomething() throws {
        let links = DocumentLinks(root: Self.packageRoot)
        let documents = try links.documents()
        #expect(documents.contains("README.md"))
        #expect(documents.contains("docs/engine.md"), "the documents are found: \(documents)")
        let problems = try links.problems()
        #expect(problems.isEmpty, Comment(rawValue: "\n" + problems.map(\.description).joined(separator: "\n")))
    }

    @Test func testTheReadmeKeepsItsTwoSetUpCommands() throws {
        let readme = try String(contentsOf: Self.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("swift run reuselab"))
        #expect(readme.contains("swift test"))
    }

    // MARK: The checker itself

    @Test func testABrokenLinkAMissingAnchorAMissingPageAndSharedAreReported() throws {
        let folder = try Self.temporaryProject([
            "README.md": """
            # Title

            See [the engine](docs/engine.md#rules), [nowhere](docs/missing.md),
            [a bad anchor](docs/engine.md#no-such-heading), [up](#title) and [down](#nothing).
            Read docs/gone.md first, and the brief in \(DocumentLinks.outsideFolder)/brief.md.
            ```
            [not a link](inside/a/fence.md)
            ```
            `[not a link either](code/span.md)`, and [outside](../elsewhere.md).
            """,
            "docs/engine.md": """
            # The engine
            ## Rules
            Back to the [README](../README.md#title), and [a sibling](strategies.md).
            """,
        ])
        defer { try? FileManager.default.removeItem(at: folder) }
        let links = DocumentLinks(root: folder)
        let messages = try links.problems().map(\.description)
        #expect(messages == [
            "README.md:5: points into \(DocumentLinks.outsideFolder), which a clone of the repository does not have",
            "README.md:5: mentions docs/gone.md, which does not exist",
            "README.md:3: docs/missing.md leads to docs/missing.md, which does not exist",
            "README.md:4: #no-such-heading matches no heading in docs/engine.md",
            "README.md:4: #nothing matches no heading in README.md",
            "README.md:9: ../elsewhere.md leads outside the repository",
            "docs/engine.md:3: strategies.md leads to docs/strategies.md, which does not exist",
        ])
    }

    @Test func testAnchorsAreMadeAsGitHubMakesThem() {
        #expect(DocumentLinks.slug("`reuselab html TRACE [-o FILE]` and `reuselab html A B`") == "reuselab-html-trace--o-file-and-reuselab-html-a-b")
        #expect(DocumentLinks.slug("Not modelled, and why") == "not-modelled-and-why")
        #expect(DocumentLinks.slug("Seed 004, line for line") == "seed-004-line-for-line")
        #expect(DocumentLinks.slug("The [engine](engine.md) — rules") == "the-engine--rules")
        #expect(DocumentLinks.slugs(in: "# A\n## A\n```\n# not a heading\n```\n### A") == ["a", "a-1", "a-2"])
    }

    /// A folder holding `files` (paths relative to it), made fresh for one test.
    static func temporaryProject(_ files: [String: String]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("reuselab-docs-\(UUID().uuidString)")
        for (path, text) in files {
            let url = folder.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return folder
    }
}
