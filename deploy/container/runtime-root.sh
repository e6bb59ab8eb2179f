#!/bin/sh
# Builds the runtime image's whole file system under ROOT, for a `FROM scratch` stage: the binary, the shared
# libraries it loads (as ldd resolves them, the loader included), and the data those libraries read: fontconfig's
# configuration and a cache of the fonts, the fonts themselves, the certificate authorities libcurl trusts, libthai's
# word list, nsswitch.conf for name lookups, a passwd and group naming the service's user, and an empty /tmp. No
# shell, package manager or other tool: what runs is the binary and the libraries it links.
# Usage: runtime-root.sh BINARY ROOT   (in a Debian stage that has the runtime packages installed)
set -eu
binary=$1
root=$2
mkdir -p "$root/usr/lib" "$root/usr/lib64" "$root/usr/local/bin" "$root/etc" "$root/var/cache"
# As in Debian's usrmerge layout: /lib and /lib64 are links into /usr.
ln -s usr/lib "$root/lib"
ln -s usr/lib64 "$root/lib64"

# Each library under its canonical directory and the name the loader asks for (the soname), as a file.
ldd "$binary" | awk '$2 == "=>" && $3 ~ /^\// { print $3 } $1 ~ /^\// { print $1 }' | while read -r library; do
  directory=$(readlink -f "$(dirname "$library")")
  mkdir -p "$root$directory"
  cp -L "$library" "$root$directory/$(basename "$library")"
done
# ICU is opened on the first label written in a locale (CICU), so ldd does not list it: its two libraries, by the
# soname the binary asks for, and what they link (ICU's data among them).
icu=$(grep -a -o -m1 'libicui18n\.so\.[0-9]*' "$binary" | head -n 1)
[ -n "$icu" ] || { echo "runtime-root: the binary names no libicui18n" >&2; exit 1; }
for library in /usr/lib/x86_64-linux-gnu/"$icu" /usr/lib/x86_64-linux-gnu/libicuuc.so."${icu##*.}"; do
  { echo "$library"; ldd "$library" | awk '$2 == "=>" && $3 ~ /^\// { print $3 }'; } | while read -r linked; do
    directory=$(readlink -f "$(dirname "$linked")")
    mkdir -p "$root$directory"
    [ -e "$root$directory/$(basename "$linked")" ] || cp -L "$linked" "$root$directory/$(basename "$linked")"
  done
done
# glibc loads libgcc_s when a thread is cancelled or exits by unwinding; ldd does not list what is loaded later.
gcc_s=$(readlink -f /usr/lib/x86_64-linux-gnu/libgcc_s.so.1)
[ -e "$root/usr/lib/x86_64-linux-gnu/libgcc_s.so.1" ] || cp -L "$gcc_s" "$root/usr/lib/x86_64-linux-gnu/libgcc_s.so.1"

cp "$binary" "$root/usr/local/bin/"
fc-cache -f >/dev/null
for path in /etc/fonts /usr/share/fontconfig /usr/share/fonts /var/cache/fontconfig /usr/share/libthai \
  /etc/ssl/certs/ca-certificates.crt /etc/ssl/openssl.cnf /etc/nsswitch.conf; do
  cp -a --parents "$path" "$root"
done
printf 'root:x:0:0:root:/nonexistent:/nonexistent\nrings:x:10001:10001:progress-rings:/nonexistent:/nonexistent\n' \
  >"$root/etc/passwd"
printf 'root:x:0:\nrings:x:10001:\n' >"$root/etc/group"
mkdir -m 1777 "$root/tmp"
# Where stored values are kept (PROGRESS_RINGS_VALUE_STORE=/data/values.db): the service's user owns it, so a new
# volume mounted there starts writable by it.
mkdir -m 0750 "$root/data"
chown 10001:10001 "$root/data"
