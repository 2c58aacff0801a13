import Foundation
import ReuseLabCLI

exit(ReuseLab.run(Array(CommandLine.arguments.dropFirst())))
