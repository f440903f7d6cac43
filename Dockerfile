# Piazza on Discord in a container: a slim Python, the wheel installed, a non-root user, and
# the SQLite database on a volume so games survive a new container.
#   docker build -t piazza .
#   docker run -d --name piazza -e DISCORD_TOKEN=... -v piazza-db:/var/lib/piazza piazza
# BASE: any image with Python 3.11+, pip and useradd (CI builds on Debian's own packages, .ci/image):
#   docker build --build-arg BASE=localhost/debian-python:bookworm -t piazza .
ARG BASE=python:3.11-slim
FROM ${BASE}

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    PIAZZA_DB=/var/lib/piazza/piazza.sqlite3

WORKDIR /src
COPY pyproject.toml ./
COPY bot ./bot
COPY engines ./engines
COPY render ./render
COPY data ./data
RUN pip install . && rm -rf /src

RUN useradd --system --create-home --home-dir /home/piazza piazza \
    && mkdir -p /var/lib/piazza && chown piazza:piazza /var/lib/piazza
USER piazza
WORKDIR /home/piazza
VOLUME ["/var/lib/piazza"]

CMD ["piazza", "run"]
