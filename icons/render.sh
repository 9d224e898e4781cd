#!/bin/sh
# Regenerate the PartitionScope PNG icons from the SVG sources.
# Needs rsvg-convert (Debian/Ubuntu: apt-get install librsvg2-bin).
set -eu
cd "$(dirname "$0")"
for size in 16 24 32 48 64 128 256 512; do
    src=partitionscope.svg
    [ -f "src/partitionscope-$size.svg" ] && src="src/partitionscope-$size.svg"
    rsvg-convert --width "$size" --height "$size" --format png "$src" \
        --output "partitionscope-$size.png"
    echo "partitionscope-$size.png  <-  $src"
done
