# Qixue server image: a static binary on a minimal non-root base.
#   docker build -t qixue --build-arg VERSION=$(git describe --always) .
#   docker run -p 8080:8080 -v qixue-data:/data qixue
# Configuration comes from QIXUE_* environment variables (see README.md).

FROM golang:1.26-alpine AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=dev
RUN CGO_ENABLED=0 GOFLAGS=-buildvcs=false go build -trimpath -ldflags "-s -w -X main.version=${VERSION}" -o /out/qixue ./cmd/qixue \
 && mkdir -p /out/data

FROM gcr.io/distroless/static-debian12:nonroot
COPY --from=build /out/qixue /usr/local/bin/qixue
COPY --from=build --chown=65532:65532 /out/data /data
WORKDIR /data
ENV QIXUE_ADDR=:8080 \
    QIXUE_DATABASE_URL=/data/qixue.db
USER 65532:65532
EXPOSE 8080
VOLUME ["/data"]
HEALTHCHECK --interval=30s --timeout=5s --start-period=20s --retries=3 CMD ["/usr/local/bin/qixue", "healthcheck"]
ENTRYPOINT ["/usr/local/bin/qixue"]
CMD ["serve"]
