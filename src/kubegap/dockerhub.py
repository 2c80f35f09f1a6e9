"""Docker Hub's official images: the only repositories under ``docker.io/library/``.

An image reference with no registry and no namespace (``redis``, ``nginx:1.27``) means
``docker.io/library/<name>``, and Docker publishes only its official images there. A one-word name
outside this set cannot be pulled as written: it is a build tool's artifact name (skaffold, Tilt,
kustomize ``images:``) that the tool replaces with the image it built before the manifest is applied.

The names are every file ever under ``library/`` in Docker's official-images repository (current and
retired images alike, since retired ones stay pullable), as of August 2026.
"""

OFFICIAL_IMAGES = frozenset(
    """
    adminer adoptopenjdk aerospike almalinux alpine alt amazoncorretto amazonlinux api-firewall arangodb
    archlinux azul-zulu backdrop bash bonita buildpack-deps busybox caddy cassandra celery centos
    chronograf cirros clearlinux clefos clickhouse clojure composer consul convertigo couchbase couchdb
    couchdb-nouveau crate crux dart debian django docker docker-dev drupal eclipse-mosquitto
    eclipse-temurin eggdrop elasticsearch elixir emqx erlang espocrm euleros express-gateway fedora
    flink fluentd friendica fsharp gazebo gcc geonetwork ghost glassfish golang gradle groovy haproxy
    haskell haxe hello-seattle hello-world hipache hitch hola-mundo httpd hylang ibm-semeru-runtimes
    ibmjava influxdb iojs irssi java jenkins jetty jobber joomla jruby julia kaazing-gateway kapacitor
    kibana known kong krakend lightstreamer lightstreamer-server liquibase logstash mageia mariadb
    matomo maven mediawiki memcached mongo mongo-express monica mono mosquitto mysql nats nats-streaming
    neo4j neurodebian nextcloud nginx nim node notary notary-server notary-signer nuxeo odoo
    open-liberty openjdk opensuse oraclelinux orientdb owncloud percona perl photon php php-zendserver
    phpmyadmin piwik plone postfixadmin postgres pypy python r-base rabbitmq rails rakudo-star rapidoid
    redis redmine registry rethinkdb rocket.chat rockylinux ros ruby rust sapmachine satosa sentry
    silverpeas sl solr sonarqube sourcemage spark spiped storm swarm swift swipl teamspeak telegraf
    thrift tomcat tomee traefik ubuntu ubuntu-debootstrap ubuntu-upstart unit varnish vault
    websphere-liberty wordpress xwiki yourls zend-php znc zookeeper
""".split()
)
