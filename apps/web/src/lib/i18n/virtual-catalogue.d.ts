declare module 'virtual:laurel-catalogue/*' {
  /** A part of a catalogue: its messages as written (tests, `vite dev`) or parsed (the build). */
  const messages: Record<string, string>;
  export default messages;
}
