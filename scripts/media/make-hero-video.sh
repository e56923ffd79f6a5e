#!/usr/bin/env bash
# Renders the landing page's hero video: drifting, blurred pink and violet light on near-black,
# with a slowly turning halo. Every motion runs on whole cycles of the clip's length, so the
# last frame flows into the first and the loop has no seam.
#
# Needs ffmpeg with libx264, libvpx-vp9 and libwebp (Debian: `apt-get install -y ffmpeg`).
# A development tool only: the rendered files are committed and Muse never runs ffmpeg.
#
#   bash scripts/media/make-hero-video.sh      # writes apps/web/public/media/
#
# Rendering the light field takes about 12 minutes on two cores; it is kept as a lossless
# master (printed at the end), and HERO_MASTER=that-file re-runs only the quick encoding steps.
#
# Output: hero.mp4 (H.264, +faststart), hero.webm (VP9) and hero-poster.webp (the first frame),
# 1280x720, 8 s at 24 fps, no audio; plus four 4:5 stills for the landing's showcase
# (showcase-1.webp … showcase-4.webp, 480x600). Together well under 2 MB.
set -euo pipefail

command -v ffmpeg >/dev/null || { echo "ffmpeg is needed: apt-get install -y ffmpeg" >&2; exit 1; }

out_dir="$(cd "$(dirname "$0")/../.." && pwd)/apps/web/public/media"
mkdir -p "$out_dir"
master="${HERO_MASTER:-$(mktemp -d)/hero-master.mkv}"

duration=8 # seconds; every motion below completes whole cycles in this time
fps=24
# The light field is computed small (it is all soft gradients) and scaled up smoothly.
field_w=480
field_h=270

# Phase of the loop, 0..2π over the clip.
P="(2*PI*T/${duration})"
# Position in height units, so blobs stay round on a 16:9 frame.
U="(X/H)"
V="(Y/H)"
A="(W/H)"

# gauss(cx, cy, size): a soft light centred at (cx, cy), both in height units.
gauss() { echo "exp(-(pow(${U}-($1),2)+pow(${V}-($2),2))/pow($3,2))"; }

# Five lights, each on its own closed path (whole numbers of turns per loop).
b1=$(gauss "${A}*(0.30+0.08*sin(${P}))" "0.58+0.10*sin(2*${P}+1)" 0.40)        # pink    #ec4899
b2=$(gauss "${A}*(0.68+0.09*cos(${P}+0.5))" "0.40+0.09*sin(${P}+2)" 0.44)       # violet  #8b5cf6
b3=$(gauss "${A}*(0.52+0.14*sin(${P}+2.5))" "0.82+0.07*cos(2*${P})" 0.30)       # magenta #db2777
b4=$(gauss "${A}*(0.14+0.06*cos(${P}+4))" "0.18+0.08*sin(${P}+1.2)" 0.32)       # indigo  #6366f1
b5=$(gauss "${A}*(0.50+0.16*cos(${P}+1))" "0.42+0.10*sin(2*${P}+0.3)" 0.16)     # glow    #f9a8d4

# A thin halo around the centre whose bright arc turns once per loop.
dx="(${U}-${A}*0.5)"
dy="(${V}-0.5)"
ring="exp(-pow(hypot(${dx},${dy})-0.30,2)/pow(0.012,2))*(0.25+0.75*pow(0.5+0.5*cos(atan2(${dy},${dx})-${P}),3))"

# Darker towards the edges.
vignette="(1-0.55*pow(hypot(${U}/${A}-0.5,${V}-0.5)*1.35,2))"

# channel BASE W1 W2 W3 W4 W5 WRING: background plus each light's contribution to one channel.
channel() {
  echo "clip((${1}+${2}*${b1}+${3}*${b2}+${4}*${b3}+${5}*${b4}+${6}*${b5}+${7}*${ring})*${vignette},0,255)"
}
#                base  pink violet magenta indigo glow halo
red=$(channel    11    150  85     110     40     120  150)
green=$(channel  10    40   55     18      40     80   120)
blue=$(channel   16    95   150    55      150    100  190)

if [[ ! -f "$master" ]]; then
  echo "Rendering the light field (${field_w}x${field_h}, $((duration * fps)) frames)..."
  ffmpeg -hide_banner -loglevel error -y \
    -f lavfi -i "color=c=black:s=${field_w}x${field_h}:r=${fps}:d=${duration},format=gbrp" \
    -vf "geq=r='${red}':g='${green}':b='${blue}',scale=1280:720:flags=bicubic,gblur=sigma=1.5" \
    -c:v ffv1 -pix_fmt gbrp "$master"
fi

echo "Encoding hero.mp4 (H.264)..."
ffmpeg -hide_banner -loglevel error -y -i "$master" \
  -vf "noise=alls=2:allf=t,format=yuv420p" \
  -c:v libx264 -preset veryslow -crf 24 -tune grain -profile:v high -g $((duration * fps)) \
  -movflags +faststart -an "$out_dir/hero.mp4"

echo "Encoding hero.webm (VP9)..."
ffmpeg -hide_banner -loglevel error -y -i "$master" \
  -vf "noise=alls=2:allf=t,format=yuv420p" \
  -c:v libvpx-vp9 -b:v 0 -crf 32 -deadline good -cpu-used 1 -row-mt 1 -g $((duration * fps)) \
  -an "$out_dir/hero.webm"

echo "Writing hero-poster.webp (the first frame)..."
ffmpeg -hide_banner -loglevel error -y -i "$master" -frames:v 1 \
  -c:v libwebp -quality 82 "$out_dir/hero-poster.webp"

# Showcase stills: moments of the same light, a 4:5 detail of each shifted in hue so every
# panel has its own colour. Each entry: time in seconds, the detail's left and top edges, hue
# shift in degrees.
stills=("1.5 40 150 0" "2.5 700 60 -24" "5.5 448 60 14" "7 240 220 -12")
for index in "${!stills[@]}"; do
  read -r at left top hue <<<"${stills[$index]}"
  echo "Writing showcase-$((index + 1)).webp..."
  ffmpeg -hide_banner -loglevel error -y -ss "$at" -i "$master" -frames:v 1 \
    -vf "crop=384:480:${left}:${top},hue=h=${hue},scale=480:600:flags=lanczos" \
    -c:v libwebp -quality 80 "$out_dir/showcase-$((index + 1)).webp"
done

echo "Lossless master (for HERO_MASTER=…): $master"
ls -l "$out_dir"
