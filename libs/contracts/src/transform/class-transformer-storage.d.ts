// class-transformer 0.5.1 ships its declarations apart from its CommonJS build; the storage the
// decorators fill (and plainToInstance reads) is the one module `cjs/storage` holds.
declare module 'class-transformer/cjs/storage' {
  export { defaultMetadataStorage } from 'class-transformer/types/storage';
}
