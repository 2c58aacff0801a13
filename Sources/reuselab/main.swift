import Foundation
import ReuseLabCLI

exit(ReuseLab.main(Array(CommandLine.arguments.dropFirst())))
