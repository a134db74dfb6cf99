import { Injectable } from '@nestjs/common';
import {
  Requests,
  SetDefaultTemplateRequest,
  SuccessResponseDto,
  TemplateRef,
  TemplateResponseDto,
  TemplatesRef,
  WriteTemplateRequest,
} from '@clarion/contracts';
import { HandleRequest } from '@clarion/messaging';
import { TemplatesService } from './templates.service';

@Injectable()
export class TemplatesHandlers {
  constructor(private readonly templates: TemplatesService) {}

  @HandleRequest(Requests.listTemplates, TemplatesRef)
  list(ref: TemplatesRef): Promise<TemplateResponseDto[]> {
    return this.templates.list(ref);
  }

  @HandleRequest(Requests.getTemplate, TemplateRef)
  get(ref: TemplateRef): Promise<TemplateResponseDto> {
    return this.templates.get(ref);
  }

  @HandleRequest(Requests.createTemplate, WriteTemplateRequest)
  create(request: WriteTemplateRequest): Promise<TemplateResponseDto> {
    return this.templates.create(request);
  }

  @HandleRequest(Requests.updateTemplate, WriteTemplateRequest)
  update(request: WriteTemplateRequest): Promise<TemplateResponseDto> {
    return this.templates.update(request);
  }

  @HandleRequest(Requests.setDefaultTemplate, SetDefaultTemplateRequest)
  setDefault(request: SetDefaultTemplateRequest): Promise<TemplateResponseDto> {
    return this.templates.setDefault(request);
  }

  @HandleRequest(Requests.deleteTemplate, TemplateRef)
  delete(ref: TemplateRef): Promise<SuccessResponseDto> {
    return this.templates.delete(ref);
  }
}
