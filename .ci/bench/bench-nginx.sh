# Sourced by the benchmarks: the one nginx they compare against, tuned the same way in every comparison
# (2 workers, keep-alive without limit, access log off, sendfile, open_file_cache), in a temporary prefix.
# Usage: bench_nginx_conf WORK PORT HTTP_EXTRA SERVER_EXTRA   (writes WORK/nginx.conf; the root is WORK/www)
bench_nginx_conf() {
  local work=$1 port=$2 http_extra=$3 server_extra=$4
  cat >"$work/nginx.conf" <<CONF
worker_processes 2;
pid $work/nginx.pid;
error_log $work/error.log warn;
events { worker_connections 4096; }
http {
    access_log off;
    keepalive_requests 1000000;
    keepalive_timeout 60s;
    sendfile on;
    tcp_nodelay on;
    open_file_cache max=64 inactive=60s;
$http_extra
    client_body_temp_path $work/tmp/body;
    proxy_temp_path $work/tmp/proxy;
    fastcgi_temp_path $work/tmp/fastcgi;
    server {
        listen 127.0.0.1:$port;
        root $work/www;
$server_extra
    }
}
CONF
}
