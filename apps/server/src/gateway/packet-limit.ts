import { Transform, type TransformCallback } from 'node:stream';

/**
 * The largest MQTT packet the embedded broker reads, by its "remaining length": the
 * protocol's 64 KiB payload plus topic and properties, the same cap as Mosquitto's
 * `max_packet_size 70000` in the tests' configuration.
 */
export const MAX_MQTT_REMAINING_LENGTH = 70_000;

export class PacketTooLargeError extends Error {
  constructor(readonly remainingLength: number) {
    super(`MQTT packet of ${remainingLength} bytes is over the limit`);
  }
}

/**
 * Sits between a device's socket and the broker's parser and follows the MQTT framing (fixed
 * header byte, a remaining length of one to four varint bytes, then that many bytes). A packet
 * announcing more than the limit fails the stream at its header, before any of its body is
 * read: Aedes itself would buffer and parse the whole packet first, so a client could make it
 * hold megabytes before the publish was refused.
 */
export class MqttPacketLimit extends Transform {
  /** Where in the current packet the next byte falls. */
  private state: 'header' | 'length' | 'body' = 'header';
  private length = 0;
  private multiplier = 1;
  private bodyLeft = 0;

  constructor(private readonly maxRemainingLength = MAX_MQTT_REMAINING_LENGTH) {
    super();
  }

  /**
   * Fails the stream only for a packet over the limit. The socket's end is also this stream's:
   * the broker closing a refused login or a client's DISCONNECT destroys it with a premature-close
   * error, and that error was taken for an oversized packet (the `oversized` counter
   * counted refused logins and clean disconnects). Those end it without an 'error' now.
   */
  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    callback(error instanceof PacketTooLargeError ? error : null);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback): void {
    let at = 0;
    while (at < chunk.length) {
      if (this.state === 'body') {
        const step = Math.min(this.bodyLeft, chunk.length - at);
        this.bodyLeft -= step;
        at += step;
        if (this.bodyLeft === 0) this.state = 'header';
      } else if (this.state === 'header') {
        at += 1;
        this.state = 'length';
        this.length = 0;
        this.multiplier = 1;
      } else {
        const byte = chunk[at]!;
        at += 1;
        this.length += (byte & 0x7f) * this.multiplier;
        this.multiplier *= 128;
        if (this.length > this.maxRemainingLength) {
          done(new PacketTooLargeError(this.length));
          return;
        }
        if ((byte & 0x80) === 0) {
          this.bodyLeft = this.length;
          this.state = this.length === 0 ? 'header' : 'body';
        } else if (this.multiplier > 128 ** 3) {
          // A fifth length byte is malformed MQTT; the limit has been passed long before.
          done(new PacketTooLargeError(this.length));
          return;
        }
      }
    }
    done(null, chunk);
  }
}
