#!/usr/bin/env bash
# Regenerates the pictures in README.md and docs/ of the pages `reuselab html` writes:
# headless Chromium (Debian's `chromium`) renders pages made from bundled traces.
#   docs/screenshots.sh          # from the package's folder or anywhere
set -euo pipefail
cd "$(dirname "$0")/.."
chromium=${REUSELAB_CHROMIUM:-$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)}
if [ -z "$chromium" ]; then
    echo "docs/screenshots.sh: Chromium is not installed (apt-get install chromium)" >&2
    exit 66
fi
swift build -q
pages=$(mktemp -d)
trap 'rm -rf "$pages"' EXIT
.build/debug/reuselab html traces/images-async-no-reset.trace.json -o "$pages/trace.html" >/dev/null
.build/debug/reuselab html traces/images-async-no-reset.trace.json traces/images-async-reset.trace.json -o "$pages/diff.html" >/dev/null
.build/debug/reuselab lesson 10 --html -o "$pages/lesson.html" >/dev/null
.build/debug/reuselab html traces/grid-stale-images.trace.json -o "$pages/grid.html" >/dev/null

shoot() { # PAGE#FRAGMENT OUTPUT
    "$chromium" --headless --no-sandbox --disable-gpu --hide-scrollbars --force-device-scale-factor=1 \
        --window-size=1400,900 --virtual-time-budget=3000 --screenshot="$2" "file://$pages/$1" 2>/dev/null
    echo "wrote $2"
}
# Step 284: the first step whose screen shows a STALE row whole (s from the start): row 23 showing row 0's image.
shoot "trace.html#step=284" docs/trace-page.png
shoot "diff.html#step=170" docs/diff-page.png
shoot "lesson.html" docs/lesson-page.png
# Step 619: a whole row of items STALE inside the screen of a two-column grid (the first stop of s).
shoot "grid.html#step=619" docs/grid-page.png
