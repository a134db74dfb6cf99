import { Injectable } from '@nestjs/common';
import {
  AccountScope,
  BrandOfReply,
  BrandResponseDto,
  CreateBrandRequest,
  Requests,
  UpdateBrandRequest,
} from '@clarion/contracts';
import { HandleRequest } from '@clarion/messaging';
import { BrandsService } from './brands.service';

@Injectable()
export class BrandsHandlers {
  constructor(private readonly brands: BrandsService) {}

  @HandleRequest(Requests.createBrand, CreateBrandRequest)
  create(request: CreateBrandRequest): Promise<BrandResponseDto> {
    return this.brands.create(request);
  }

  @HandleRequest(Requests.getBrand, AccountScope)
  get(scope: AccountScope): Promise<BrandOfReply> {
    return this.brands.get(scope.accountId);
  }

  @HandleRequest(Requests.updateBrand, UpdateBrandRequest)
  update(request: UpdateBrandRequest): Promise<BrandResponseDto> {
    return this.brands.update(request);
  }
}
