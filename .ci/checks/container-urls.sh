# Sourced by .ci/checks/container-test.sh (needs WORK, pass, fail, header): every URL below is asked of the
# container and of the host's binary, which must agree on the status, the validators and caching headers, and every byte.
# Each line: expected status | Accept header (may be empty) | path and query.
CONTAINER_URLS='200||/ring.svg?value=72
200||/ring.svg?value=0
200||/ring.svg?value=100
200||/ring.svg?value=99.5&decimals=1
200||/ring.svg?value=33&size=256&thickness=20
200||/ring.svg?value=72&color=red&track=none&background=%23111827
200||/ring.svg?value=72&arc=270
200||/ring.svg?value=72&cap=butt&direction=ccw&start=90
200||/ring.svg?value=3&max=8&label=%7Bvalue%7D%2F%7Bmax%7D
200||/ring.svg?value=30,60,90&color=red,green,blue
200||/ring.svg?value=72&thresholds=50:orange,80:green
200||/ring.svg?value=72&gradient=red
200||/ring.svg?value=72&theme=dark
200||/ring.svg?value=72&theme=auto
200||/ring.svg?value=72&animate=2
200||/ring.svg?value=72&title=Build%20progress&label=none
200||/ring.svg?value=72&cacheSeconds=604800
200||/ring/72.svg
200||/ring/42.5.svg?size=64
200||/ring.png?value=72
200||/ring.png?value=72&scale=2
200||/ring.png?value=72&size=256&scale=2
200||/ring.png?value=30,60,90&color=red,green,blue&scale=2
200||/ring.png?value=72&gradient=red&scale=2
200||/ring.png?value=72&theme=dark&scale=2
200||/ring.png?value=72&arc=270&cap=square&scale=2
200||/ring.png?value=3&max=8&label=%7Bvalue%7D%2F%7Bmax%7D&scale=2
200||/ring/72.png?scale=2
200||/ring.png?value=72&size=1024&scale=2
200|image/png|/ring?value=72
200|image/svg+xml|/ring?value=72
200|image/png,image/svg+xml;q=0.9|/ring?value=64&scale=2
200||/badge.svg?label=coverage&value=72
200||/badge.svg?label=build&value=100&style=flat-square
200||/badge.svg?label=tasks&value=3&max=8&thresholds=50:orange,80:green
200||/badge.png?label=coverage&value=72
200||/badge.png?label=coverage&value=72&scale=2
200||/badge/coverage/72.svg
200||/badge.svg?label=%C3%BCbersetzt%20%E2%9C%93&value=50
200||/badge.svg?label=build&value=72&logo=github
200||/badge.png?label=build&value=72&logo=python&style=social&scale=2
400||/badge.svg?value=72&logo=nosuchlogo
200||/ring.png?value=30&size=256&label=%D7%94%D7%AA%D7%A7%D7%93%D7%9E%D7%95%D7%AA%20%7Bvalue%7D%25
200||/ring.png?value=40&size=256&label=%E8%BF%9B%E5%BA%A6%20%7Bvalue%7D%25
200||/badge.png?label=%F0%9F%9A%80%20launch&value=90&scale=2
200||/bar.png?value=72&width=400&height=40&label=%D8%AA%D9%82%D8%AF%D9%85%20%7Bvalue%7D%25
200||/bar.svg?value=72
200||/spark.png?points=3,5,4,8,6,9,7&label=%D8%AA%D9%82%D8%AF%D9%85%20%7Bvalue%7D&width=200&scale=2
200||/spark.svg?points=3,5,4,8&label=auto
200||/ring.svg?value=72.5&decimals=1&locale=de
200||/badge.png?label=disk&value=1288490188.8&max=2e12&unit=bytes&locale=de
200||/ring.png?value=1234567&max=1e7&label=%7Bvalue%7D&locale=en-IN&scale=2
200||/ring.svg?value=450&max=300&unit=ms
400||/ring.svg?value=72&locale=xx
400||/ring.svg?size=5000
400||/ring.png?size=5000
400||/ring.png?value=abc&scale=2
400||/ring.png?value=72&scale=3&size=1024
400||/ring.svg?color=notacolor
400||/badge.svg?value=72&style=round
400||/badge.png?value=72&labelColor=nope
400||/ring.svg?value=1&value=2
400||/ring/abc.svg
200||/
200||/examples
200||/parameters'

compare_urls() {
  local container=$1 host=$2 count=0 svg=0 png=0 errors=0 pages=0 mismatches=0
  local status accept path field a b
  while IFS='|' read -r status accept path; do
    count=$((count + 1))
    local args=(-s -D "$WORK/head-a" -o "$WORK/body-a")
    [ -n "$accept" ] && args+=(-H "Accept: $accept")
    curl "${args[@]}" "$container$path" || true
    args[2]=$WORK/head-b
    args[4]=$WORK/body-b
    curl "${args[@]}" "$host$path" || true
    a=$(head -1 "$WORK/head-a" | awk '{ print $2 }')
    b=$(head -1 "$WORK/head-b" | awk '{ print $2 }')
    if [ "$a" != "$status" ] || [ "$b" != "$status" ]; then
      echo "   $path: status $a from the container, $b from the host, expected $status"
      mismatches=$((mismatches + 1))
      continue
    fi
    for field in ETag Content-Type Content-Length Cache-Control Vary X-Error; do
      if [ "$(header "$field" <"$WORK/head-a")" != "$(header "$field" <"$WORK/head-b")" ]; then
        echo "   $path: $field '$(header "$field" <"$WORK/head-a")' from the container," \
          "'$(header "$field" <"$WORK/head-b")' from the host"
        mismatches=$((mismatches + 1))
      fi
    done
    if [ "$status" = 200 ] && [ -z "$(header ETag <"$WORK/head-a")" ]; then
      echo "   $path: no ETag"
      mismatches=$((mismatches + 1))
    fi
    if ! cmp -s "$WORK/body-a" "$WORK/body-b"; then
      echo "   $path: the bodies differ ($(stat -c %s "$WORK/body-a") and $(stat -c %s "$WORK/body-b") bytes)"
      mismatches=$((mismatches + 1))
    fi
    case "$status $(header Content-Type <"$WORK/head-a")" in
      400*) errors=$((errors + 1)) ;;
      *image/png*) png=$((png + 1)) ;;
      *image/svg*) svg=$((svg + 1)) ;;
      *) pages=$((pages + 1)) ;;
    esac
  done <<<"$CONTAINER_URLS"
  # Every listed line was asked: a loop cut short by a read error cannot pass.
  if [ "$count" -eq "$(grep -c . <<<"$CONTAINER_URLS")" ] && [ "$mismatches" -eq 0 ]; then
    pass "$count URLs ($svg SVG, $png PNG, $errors error images, $pages pages): same status, ETag, Content-Type," \
      "Content-Length, Cache-Control, Vary, X-Error and bytes from the container and the host's binary"
  else
    fail "$count URLs, $mismatches difference(s) between the container and the host's binary (above)"
  fi
}
